import type { AddressInfo } from "node:net";
import {
  type BoardCommand,
  type BoardEvent,
  boardSocketPath,
  type MainMessageOf,
  type MainServerMessage,
  mainSocketPath,
  parseBoardEvent,
  parseMainServerMessage,
} from "@nadoy/contract/realtime";
import { type ClientOptions, WebSocket } from "ws";
import type { TestApp } from "./test-app.ts";

const WAIT_MS = 5_000;

/** Starts the app listening on a free loopback port (once) and answers its ws:// base. */
export async function socketBase(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export interface TestSocket<Message = MainServerMessage> {
  ws: WebSocket;
  /** Every message received so far, in order. */
  received: Message[];
  /**
   * The next message after the ones already taken that matches (or the next one at all), waiting
   * for it if it has not arrived; fails after a few seconds listing what did arrive.
   */
  next<M extends Message>(match: (message: Message) => message is M, what?: string): Promise<M>;
  next(match?: (message: Message) => boolean, what?: string): Promise<Message>;
  /** Settles when the socket closes, with the code and reason the server sent. */
  closed: Promise<{ code: number; reason: string }>;
  /** Closes from the client side and waits for the close to complete. */
  close(): Promise<{ code: number; reason: string }>;
}

function withTimeout<T>(promise: Promise<T>, what: string, describe: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; ${describe()}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens a main socket with this token (or no token) and resolves once the upgrade succeeded. */
export function openMainSocket(
  base: string,
  token: string | undefined,
  options: ClientOptions & { since?: number } = {},
): Promise<TestSocket> {
  const { since, ...wsOptions } = options;
  const url = token === undefined ? `${base}/ws/main/` : `${base}${mainSocketPath(token, since)}`;
  return openFrameSocket(url, parseMainServerMessage, wsOptions);
}

/** Opens a board socket; resolves once the upgrade succeeded (the `connected` event may still be on its way). */
export async function openBoardSocket(
  base: string,
  boardUuid: string,
  token: string,
  since?: number,
): Promise<TestSocket<BoardEvent> & { command(command: BoardCommand): void }> {
  const socket = await openFrameSocket(`${base}${boardSocketPath(boardUuid, token, since)}`, parseBoardEvent, {});
  return { ...socket, command: (command) => socket.ws.send(JSON.stringify(command)) };
}

async function openFrameSocket<Message>(
  url: string,
  parse: (frame: string) => Message | undefined,
  options: ClientOptions,
): Promise<TestSocket<Message>> {
  const ws = new WebSocket(url, options);
  const received: Message[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    const message = parse(String(data));
    if (!message) throw new Error(`the server sent a frame outside the contract: ${String(data)}`);
    received.push(message);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const describe = () => `received ${JSON.stringify(received)}`;

  const socket: TestSocket<Message> = {
    ws,
    received,
    closed,
    next(match: (message: Message) => boolean = () => true, what = "a message") {
      const found = new Promise<Message>((resolve, reject) => {
        const look = () => {
          for (let i = taken; i < received.length; i++) {
            const message = received[i];
            if (message && match(message)) {
              taken = i + 1;
              waiters.delete(look);
              resolve(message);
              return;
            }
          }
          if (ws.readyState === ws.CLOSED) {
            waiters.delete(look);
            reject(new Error(`socket closed while waiting for ${what}; ${describe()}`));
          }
        };
        waiters.add(look);
        void closed.then(look);
        look();
      });
      return withTimeout(found, what, describe);
    },
    async close() {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
      return withTimeout(closed, "the socket to close", describe);
    },
  };
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    }),
    "the socket to open",
    describe,
  );
  // Errors after the upgrade end in a close event, which is what the tests look at.
  ws.on("error", () => undefined);
  return socket;
}

/** Opens a main socket for a signed-in user and waits until the server has it in presence. */
export async function connectUser(base: string, token: string, userId: number, options: ClientOptions = {}) {
  const socket = await openMainSocket(base, token, options);
  await socket.next((m) => m.msg_type === "SITE_CONNECTED" && m.user_id === userId, `the snapshot for user ${userId}`);
  return socket;
}

export const connected =
  (userId: number) =>
  (m: MainServerMessage): m is MainMessageOf<"SITE_CONNECTED"> =>
    m.msg_type === "SITE_CONNECTED" && m.user_id === userId;
export const disconnected =
  (userId: number) =>
  (m: MainServerMessage): m is MainMessageOf<"SITE_DISCONNECTED"> =>
    m.msg_type === "SITE_DISCONNECTED" && m.user_id === userId;

/** Settles once the server has processed the close of one of this user's sockets (presence included). */
export function serverClosedSocketOf(t: TestApp, userId: number): Promise<void> {
  return withTimeout(
    new Promise<void>((resolve) => {
      const stop = t.app.realtime.observe((event) => {
        if (event.type === "closed" && event.userId === userId) {
          stop();
          resolve();
        }
      });
    }),
    `the server to close a socket of user ${userId}`,
    () => "",
  );
}
