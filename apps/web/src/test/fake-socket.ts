/**
 * A stand-in for the browser's WebSocket: records what the app opens and closes, and lets a test
 * act as the server (open, send a message, close with a code). No network at all.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket created since the last reset, oldest first. */
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** The code the app closed it with, if it did. */
  closedByClientWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    super();
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The newest socket. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error("no WebSocket was opened");
    return socket;
  }

  /** Sockets the app has not closed and the server has not closed. */
  static open(): FakeWebSocket[] {
    return FakeWebSocket.instances.filter((socket) => socket.readyState !== FakeWebSocket.CLOSED);
  }

  send(): void {}

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClientWith = code;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent("close", { code, wasClean: true }));
  }

  // ---- the server's side ----

  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }

  serverSend(message: unknown): void {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
  }

  serverClose(code: number, reason = ""): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent("close", { code, reason, wasClean: code !== 1006 }));
  }
}
