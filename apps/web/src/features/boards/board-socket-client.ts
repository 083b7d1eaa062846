import {
  type BoardCommand,
  type BoardEvent,
  boardSocketPath,
  parseBoardEvent,
  SocketCloseCode,
  SocketCloseReason,
} from "@nadoy/contract/realtime";

/** What the client needs of a WebSocket class: the browser's, or a fake one in tests. */
export type WebSocketClass = new (url: string) => WebSocket;

/** Reconnect after an abnormal close: 1 s doubling to 30 s, with jitter; reset by an open. */
export const BOARD_RECONNECT_BASE_MS = 1_000;
export const BOARD_RECONNECT_MAX_MS = 30_000;

/**
 * - connecting / open / reconnecting: the usual life of the socket;
 * - replaced (4409): the user opened this board in another tab; not reconnected;
 * - not_found (4404): no such board, or no longer the user's; not reconnected;
 * - access_revoked (4404 "access_revoked"): an admin took the user's access while the board was
 *   open (left its company, boards switched off); not reconnected;
 * - unauthorized (4401): the token flow is running (reload or sign-out).
 */
export type BoardSocketStatus =
  | "connecting"
  | "open"
  | "reconnecting"
  | "replaced"
  | "not_found"
  | "access_revoked"
  | "unauthorized";

export interface BoardSocketClientOptions {
  boardUuid: string;
  /** The stored access token at the moment of connecting; null: no socket. */
  accessToken: () => string | null;
  /** The last event number the board state holds: the `since` of each (re)connect. */
  since: () => number;
  /** Host (and port) of the board sockets: app config `board_socket_host`, else the page's. */
  host: string;
  /** "https:" → wss, else ws. */
  protocol: string;
  WebSocket: WebSocketClass;
  onEvent: (event: BoardEvent) => void;
  onStatus: (status: BoardSocketStatus) => void;
  /** Close 4401 with the token the socket was opened with: run the spec §4 token flow. */
  onUnauthorized: (accessToken: string) => void;
  random?: () => number;
}

/**
 * The board socket of spec §4 "Realtime board connection" (contract realtime.ts): one WebSocket
 * to /ws/board/<uuid>/ with the access token and `since`, reconnected with backoff after an
 * abnormal close, never after 4401 (token flow), 4404 or 4409. Commands go out only while open.
 */
export class BoardSocketClient {
  private socket: WebSocket | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private running = false;

  constructor(private readonly options: BoardSocketClientOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempts = 0;
    this.connect("connecting");
  }

  stop(): void {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(SocketCloseCode.normal);
  }

  /** Sends a command; false when the socket is not open (the command is dropped). */
  send(command: BoardCommand): boolean {
    const socket = this.socket;
    // 1: WebSocket.OPEN
    if (socket?.readyState !== 1) return false;
    socket.send(JSON.stringify(command));
    return true;
  }

  private connect(status: BoardSocketStatus): void {
    if (!this.running || this.socket) return;
    const token = this.options.accessToken();
    if (!token) return;
    const { host, protocol, boardUuid } = this.options;
    const scheme = protocol === "https:" ? "wss:" : "ws:";
    const socket = new this.options.WebSocket(
      `${scheme}//${host}${boardSocketPath(boardUuid, token, this.options.since())}`,
    );
    this.socket = socket;
    this.options.onStatus(status);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.options.onStatus("open");
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      const parsed = parseBoardEvent(event.data);
      if (parsed) this.options.onEvent(parsed);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(event.code, event.reason, token);
    };
  }

  private closed(code: number, reason: string, token: string): void {
    if (!this.running) return;
    switch (code) {
      case SocketCloseCode.unauthorized:
        this.running = false;
        this.options.onStatus("unauthorized");
        this.options.onUnauthorized(token);
        return;
      case SocketCloseCode.replaced:
        this.running = false;
        this.options.onStatus("replaced");
        return;
      case SocketCloseCode.notFound:
        this.running = false;
        this.options.onStatus(reason === SocketCloseReason.accessRevoked ? "access_revoked" : "not_found");
        return;
      case SocketCloseCode.normal:
        return;
      default:
        this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) return;
    this.options.onStatus("reconnecting");
    const base = Math.min(BOARD_RECONNECT_MAX_MS, BOARD_RECONNECT_BASE_MS * 2 ** this.attempts);
    this.attempts += 1;
    const delay = base * (1 - 0.2 * (this.options.random ?? Math.random)());
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect("reconnecting");
    }, delay);
  }
}
