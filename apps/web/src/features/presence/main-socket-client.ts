import { IDLE_TIMEOUT_MS } from "@nadoy/contract/constants";
import {
  type MainServerMessage,
  mainSocketPath,
  parseMainServerMessage,
  SocketCloseCode,
} from "@nadoy/contract/realtime";

/** What the client needs of a WebSocket class: the browser's, or a fake one in tests. */
export type WebSocketClass = new (url: string) => WebSocket;

/** Reconnect after an abnormal close: 1 s, doubling up to 30 s; reset by a successful open. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** Input that counts as the user being there (spec §9 idle time-out). */
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "touchstart", "wheel", "scroll"] as const;

export interface MainSocketClientOptions {
  /** The stored access token at the moment of connecting; null means signed out: no socket. */
  accessToken: () => string | null;
  WebSocket: WebSocketClass;
  onMessage: (message: MainServerMessage) => void;
  /** The socket opened or closed (open: the server counts this user as online). */
  onConnectedChange: (connected: boolean) => void;
  /** Close code 4401 with the token the socket was opened with: run the spec §4 token flow. */
  onUnauthorized: (accessToken: string) => void;
  /** Where the page is served from (ws: for http:, wss: for https:). */
  location?: Pick<Location, "protocol" | "host">;
  /** 0…1; spreads reconnects of many tabs after a server restart. Math.random unless a test fixes it. */
  random?: () => number;
  idleTimeoutMs?: number;
}

/**
 * The main socket of spec §4 and §7 (contract realtime.ts): one WebSocket to /ws/main/ with the
 * access token, opened while the user is signed in and active.
 * - Idle: no input for IDLE_TIMEOUT_MS closes it (the user counts as away); the next input
 *   opens it again.
 * - Close 4401 (token refused or session ended): the token flow; never again with that token.
 * - Close 1000 is ours (idle, sign-out): nothing to do. Any other close: reconnect with backoff.
 * - Sequence numbers (contract realtime.ts): it remembers the number of the last numbered message
 *   (or of SYNC, which tells where the stream stands) and reconnects with `since=<it>`, so the
 *   server first sends what was missed while closed (idle included). A SYNC with `resync: true`
 *   is handed on like any message: features refetch on it.
 */
export class MainSocketClient {
  private socket: WebSocket | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private lastActivity = 0;
  private idle = false;
  private running = false;
  /** The last sequence number received; undefined until the first SYNC (connect without since). */
  private lastSeq: number | undefined;
  private readonly idleTimeoutMs: number;

  constructor(private readonly options: MainSocketClientOptions) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.idle = false;
    this.lastActivity = Date.now();
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, this.onActivity, { capture: true, passive: true });
    this.armIdleTimer(this.idleTimeoutMs);
    this.connect();
  }

  stop(): void {
    this.running = false;
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, this.onActivity, { capture: true });
    this.clearTimers();
    this.closeSocket();
  }

  private connect(): void {
    if (!this.running || this.idle || this.socket) return;
    const token = this.options.accessToken();
    if (!token) return;
    const location = this.options.location ?? window.location;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const path = mainSocketPath(token, this.lastSeq);
    const socket = new this.options.WebSocket(`${scheme}//${location.host}${path}`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.options.onConnectedChange(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      const message = parseMainServerMessage(event.data);
      if (!message) return;
      // SYNC says where the stream stands (also after a resync); a numbered event moves it on.
      if ("seq" in message)
        this.lastSeq = message.msg_type === "SYNC" ? message.seq : Math.max(this.lastSeq ?? 0, message.seq);
      this.options.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      // A socket we dropped ourselves (idle, stop) no longer concerns us.
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onConnectedChange(false);
      this.closed(event.code, token);
    };
  }

  private closed(code: number, token: string): void {
    if (!this.running) return;
    if (code === SocketCloseCode.unauthorized) {
      this.running = false;
      this.clearTimers();
      this.options.onUnauthorized(token);
      return;
    }
    if (code === SocketCloseCode.normal) return;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.idle) return;
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.attempts);
    this.attempts += 1;
    // Up to a fifth earlier, so that tabs dropped together do not all knock at the same instant.
    const delay = base * (1 - 0.2 * (this.options.random ?? Math.random)());
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private readonly onActivity = (): void => {
    this.lastActivity = Date.now();
    if (!this.idle) return;
    // Back from away: open at once, with a fresh backoff.
    this.idle = false;
    this.attempts = 0;
    this.armIdleTimer(this.idleTimeoutMs);
    this.connect();
  };

  /** One timer, re-armed for the rest of the time-out rather than on every mouse move. */
  private armIdleTimer(ms: number): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const quietFor = Date.now() - this.lastActivity;
      if (quietFor < this.idleTimeoutMs) this.armIdleTimer(this.idleTimeoutMs - quietFor);
      else this.goIdle();
    }, ms);
  }

  private goIdle(): void {
    this.idle = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.closeSocket();
  }

  private closeSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    this.options.onConnectedChange(false);
    socket.close(SocketCloseCode.normal);
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.reconnectTimer = null;
    this.idleTimer = null;
  }
}
