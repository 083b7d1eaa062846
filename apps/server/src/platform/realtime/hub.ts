import { type MainServerMessage, mainServerMessageSchema, SocketCloseCode } from "@nadoy/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { z } from "zod";
import type { Envelope, RealtimeBackend, SessionFilter } from "./backend.ts";

/**
 * What may be published on each channel, checked against the contract before it leaves. A later
 * issue adds its channels here (e.g. `board`, one topic per board uuid: `board:<uuid>`).
 */
export interface ChannelMessages {
  main: MainServerMessage;
}
export type ChannelName = keyof ChannelMessages;

const CHANNEL_SCHEMAS: { [C in ChannelName]: z.ZodType<ChannelMessages[C]> } = {
  main: mainServerMessageSchema,
};

/** A channel, or one instance of a channel (`board:<uuid>`). */
export function topicOf(channel: ChannelName, key?: string): string {
  return key === undefined ? channel : `${channel}:${key}`;
}

/** A socket that buffers more than this (a client that stopped reading) is dropped. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface SocketIdentity {
  userId: number;
  /** The refresh-token family of the access token the socket opened with. */
  sessionId: string;
}

/** One socket as the hub tracks it; handed out by `accept`, opaque to callers. */
export interface HubConnection extends SocketIdentity {
  readonly socket: WebSocket;
}

interface Connection extends HubConnection {
  /** pending: token verified, session being checked; open: in presence, receives; closed: gone. */
  state: "pending" | "open" | "closed";
  topics: string[];
  /** Answered the last ping. */
  alive: boolean;
  /** Settles once the presence join is done: true when it succeeded. */
  joined?: Promise<boolean>;
}

/** Lifecycle events, reported after presence has been updated (logging, tests). */
export type HubEvent = { type: "opened" | "closed"; userId: number; sessionId: string };

export interface RealtimeHubOptions {
  /** How often sockets are pinged and the backend heartbeats; 0 = only when `heartbeat()` is called. */
  heartbeatMs: number;
}

/**
 * The one realtime hub of an instance: sockets, their topics, presence and fan-out. Messages go
 * through the backend to every instance, which delivers them to its own subscribed sockets.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  /**
   * Sockets per user this instance has joined to presence (join sent, leave not yet): what the
   * heartbeat tells the backend this instance holds. Counted when the command is sent, so that a
   * heartbeat sent after it, which the backend runs after it, agrees with it.
   */
  private readonly localCounts = new Map<number, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly observers = new Set<(event: HubEvent) => void>();
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    private readonly backend: RealtimeBackend,
    private readonly log: FastifyBaseLogger,
    private readonly options: RealtimeHubOptions,
  ) {}

  get backendKind(): RealtimeBackend["kind"] {
    return this.backend.kind;
  }

  get instanceId(): string {
    return this.backend.instanceId;
  }

  async start(): Promise<void> {
    await this.backend.start((envelope) => this.receive(envelope));
    if (this.options.heartbeatMs > 0) {
      this.timer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs);
      this.timer.unref();
    }
  }

  /**
   * Takes a socket whose token verified. It receives nothing and counts for no presence until
   * `open`; but a session end closes it already, so a logout racing the session check wins.
   */
  accept(socket: WebSocket, identity: SocketIdentity): HubConnection {
    const conn: Connection = { socket, ...identity, state: "pending", topics: [], alive: true };
    this.connections.add(conn);
    socket.on("pong", () => {
      conn.alive = true;
    });
    socket.on("close", () => this.detach(conn));
    return conn;
  }

  /**
   * The session is checked: the socket joins presence (SITE_CONNECTED to everyone if it is the
   * user's first), subscribes to its topics and gets the current presence list on its own.
   */
  async open(handle: HubConnection, topics: string[]): Promise<void> {
    const conn = handle as Connection;
    if (conn.state !== "pending" || this.stopping) return;
    this.count(conn.userId, 1);
    conn.joined = this.track(
      this.backend.join(conn.userId).then(
        () => true,
        (error: unknown) => {
          this.log.error({ err: error }, "realtime: presence join failed");
          this.count(conn.userId, -1);
          return false;
        },
      ),
    );
    if (!(await conn.joined)) {
      this.close(conn, SocketCloseCode.internalError, "presence_unavailable");
      return;
    }
    // Closed while joining: detach has already queued the matching leave.
    if (conn.state !== "pending") return;
    conn.state = "open";
    conn.topics = topics;
    for (const topic of topics) {
      let set = this.byTopic.get(topic);
      if (!set) {
        set = new Set();
        this.byTopic.set(topic, set);
      }
      set.add(conn);
    }
    if (topics.includes(topicOf("main"))) {
      try {
        const online = await this.backend.online();
        this.send(
          conn,
          this.serialise("main", { msg_type: "SITE_CONNECTED", user_id: conn.userId, users_online: online }),
        );
      } catch (error) {
        this.log.error({ err: error }, "realtime: presence list unavailable");
      }
    }
    this.emit({ type: "opened", userId: conn.userId, sessionId: conn.sessionId });
  }

  /** Closes one socket (its close event then detaches it). */
  close(handle: HubConnection, code: number, reason: string): void {
    const { socket } = handle;
    if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(code, reason);
  }

  /** Sends a message to every socket subscribed to the channel (or `channel:key`), on every instance. */
  async publish<C extends ChannelName>(channel: C, message: ChannelMessages[C], key?: string): Promise<void> {
    await this.backend.broadcast({
      t: "publish",
      topic: topicOf(channel, key),
      data: this.serialise(channel, message),
    });
  }

  /**
   * Closes the sockets of ended sessions on every instance with 4401 "session_ended". Called
   * after the revocation committed; never throws (the revocation stands either way).
   */
  async endSessions(filter: SessionFilter): Promise<void> {
    try {
      await this.backend.broadcast({ t: "end-sessions", filter });
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not announce ended sessions");
    }
  }

  /** Ids of the users online on any instance, ascending (users/data `users_online`). */
  onlineUsers(): Promise<number[]> {
    return this.backend.online();
  }

  /**
   * One heartbeat: drops sockets that did not answer the previous ping, pings the others, and
   * lets the backend renew this instance and sweep dead ones. Runs on a timer; tests call it.
   */
  async heartbeat(): Promise<void> {
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
    try {
      await this.track(this.backend.heartbeat(this.localCounts));
    } catch (error) {
      this.log.error({ err: error }, "realtime: heartbeat failed");
    }
  }

  /** Reports lifecycle events until the returned function is called. */
  observe(listener: (event: HubEvent) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  /** Shutdown: sockets close with 1001 (clients reconnect elsewhere), this instance leaves presence. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.timer);
    for (const conn of this.connections) this.close(conn, SocketCloseCode.goingAway, "server_shutdown");
    await Promise.allSettled([...this.inFlight]);
    try {
      await this.backend.stop();
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not leave presence");
    }
  }

  private serialise<C extends ChannelName>(channel: C, message: ChannelMessages[C]): string {
    return JSON.stringify(CHANNEL_SCHEMAS[channel].parse(message));
  }

  private receive(envelope: Envelope): void {
    switch (envelope.t) {
      case "publish":
        this.deliver(envelope.topic, envelope.data);
        return;
      case "presence": {
        const message: MainServerMessage = {
          msg_type: envelope.event === "online" ? "SITE_CONNECTED" : "SITE_DISCONNECTED",
          user_id: envelope.user_id,
          users_online: envelope.users_online,
        };
        this.deliver(topicOf("main"), this.serialise("main", message));
        return;
      }
      case "end-sessions":
        for (const conn of this.connections) {
          if (sessionMatches(envelope.filter, conn)) this.close(conn, SocketCloseCode.unauthorized, "session_ended");
        }
        return;
    }
  }

  private deliver(topic: string, data: string): void {
    for (const conn of this.byTopic.get(topic) ?? []) this.send(conn, data);
  }

  private send(conn: Connection, data: string): void {
    const { socket } = conn;
    if (conn.state !== "open" || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: conn.userId }, "realtime: dropping a socket that does not read");
      socket.terminate();
      return;
    }
    socket.send(data);
  }

  private detach(conn: Connection): void {
    if (conn.state === "closed") return;
    conn.state = "closed";
    this.connections.delete(conn);
    for (const topic of conn.topics) {
      const set = this.byTopic.get(topic);
      set?.delete(conn);
      if (set?.size === 0) this.byTopic.delete(topic);
    }
    const closed: HubEvent = { type: "closed", userId: conn.userId, sessionId: conn.sessionId };
    // On shutdown the backend drops this instance's presence at once instead.
    if (!conn.joined || this.stopping) {
      this.emit(closed);
      return;
    }
    void this.track(
      conn.joined
        .then((joined) => {
          if (!joined) return;
          this.count(conn.userId, -1);
          return this.backend.leave(conn.userId);
        })
        .catch((error: unknown) => this.log.error({ err: error }, "realtime: presence leave failed"))
        .finally(() => this.emit(closed)),
    );
  }

  private count(userId: number, delta: number): void {
    const n = (this.localCounts.get(userId) ?? 0) + delta;
    if (n > 0) this.localCounts.set(userId, n);
    else this.localCounts.delete(userId);
  }

  private emit(event: HubEvent): void {
    for (const observer of this.observers) observer(event);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }
}

function sessionMatches(filter: SessionFilter, conn: SocketIdentity): boolean {
  if ("sessionIds" in filter) return filter.sessionIds.includes(conn.sessionId);
  return conn.userId === filter.userId && conn.sessionId !== filter.exceptSessionId;
}
