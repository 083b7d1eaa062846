import { type MainServerMessage, REALTIME_REPLAY_WINDOW, SocketCloseCode } from "@nadoy/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { CallerChange, Envelope, RealtimeBackend, RoomEnvelope, RoomViewer, SessionFilter } from "./backend.ts";
import { type ChannelMessages, type ChannelName, serialiseMessage, topicOf } from "./channels.ts";
import type { EventLog, RecordedEvent } from "./event-log.ts";

export { type ChannelMessages, type ChannelName, topicOf };

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

/** A frame on its way to one socket; numbered frames carry their topic's sequence number. */
interface Outgoing {
  topic: string;
  /** The frame; a Buffer when it goes to many sockets (encoded once, not once per socket). */
  data: string | Buffer;
  seq?: number;
}

interface Connection extends HubConnection {
  /** pending: token verified, session being checked; open: in presence, receives; closed: gone. */
  state: "pending" | "open" | "closed";
  topics: string[];
  /** Answered the last ping. */
  alive: boolean;
  /** Settles once the presence join is done: true when it succeeded. */
  joined?: Promise<boolean>;
  /** Per numbered topic: the last sequence number this socket was sent. */
  positions: Map<string, number>;
  /** Per numbered topic: the frame that tells the client where it stands (seq, resync). */
  syncFrames: Map<string, (seq: number, resync: boolean) => string>;
  /** Frames not yet sent, in arrival order. */
  inbox: Outgoing[];
  /** Catching up or filling a gap from the event log: frames wait in the inbox. */
  busy: boolean;
}

/** A numbered topic a socket subscribes to, and where the client says it stands. */
export interface NumberedSubscription {
  topic: string;
  /** The last number the client received (`since`), or undefined for "from now on". */
  since: number | undefined;
  /** The first frame the client gets on this topic (SYNC / connected), also for a later resync. */
  syncFrame: (seq: number, resync: boolean) => string;
}

/** Lifecycle events, reported after presence has been updated (logging, tests). */
export type HubEvent = { type: "opened" | "closed"; userId: number; sessionId: string };

export interface RealtimeHubOptions {
  /** How often sockets are pinged and the backend heartbeats; 0 = only when `heartbeat()` is called. */
  heartbeatMs: number;
  /**
   * Which of these sessions are still alive (platform/auth liveSessions). With it, every
   * SESSION_SWEEP_HEARTBEATS heartbeats (or on `sweepSessions()`) sockets of sessions that ended
   * by themselves — expired, or their user deactivated — are closed.
   */
  liveSessions?: (sessionIds: string[]) => Promise<Set<string>>;
}

/** Session sweeps run every this many heartbeats (30 s each: every 2 minutes). */
const SESSION_SWEEP_HEARTBEATS = 4;

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
  private readonly roomListeners = new Set<(envelope: RoomEnvelope) => void>();
  private readonly callerListeners = new Set<(change: CallerChange) => void>();
  private timer: NodeJS.Timeout | undefined;
  private beats = 0;
  private stopping = false;

  constructor(
    private readonly backend: RealtimeBackend,
    private readonly log: FastifyBaseLogger,
    private readonly options: RealtimeHubOptions,
    private readonly events: EventLog,
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
      this.timer = setInterval(() => {
        void this.heartbeat();
        this.beats += 1;
        if (this.beats % SESSION_SWEEP_HEARTBEATS === 0) void this.sweepSessions();
      }, this.options.heartbeatMs);
      this.timer.unref();
    }
  }

  /**
   * Takes a socket whose token verified. It receives nothing and counts for no presence until
   * `open`; but a session end closes it already, so a logout racing the session check wins.
   */
  accept(socket: WebSocket, identity: SocketIdentity): HubConnection {
    const conn: Connection = {
      socket,
      ...identity,
      state: "pending",
      topics: [],
      alive: true,
      positions: new Map(),
      syncFrames: new Map(),
      inbox: [],
      busy: false,
    };
    this.connections.add(conn);
    socket.on("pong", () => {
      conn.alive = true;
    });
    socket.on("close", () => this.detach(conn));
    return conn;
  }

  /**
   * The session is checked: the socket joins presence (SITE_CONNECTED to everyone if it is the
   * user's first), subscribes to its topics and gets the current presence list on its own (main).
   * For each numbered topic it is then sent what it missed since `since` (or told to resync),
   * then its sync frame, then live frames — in order, without gaps or duplicates.
   */
  async open(handle: HubConnection, topics: string[], numbered: NumberedSubscription[] = []): Promise<void> {
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
    // Live frames wait in the inbox until the catch-up below has been sent.
    conn.busy = true;
    conn.topics = [...topics, ...numbered.map((n) => n.topic)];
    for (const topic of conn.topics) {
      let set = this.byTopic.get(topic);
      if (!set) {
        set = new Set();
        this.byTopic.set(topic, set);
      }
      set.add(conn);
    }
    const syncFrames: string[] = [];
    try {
      for (const sub of numbered) syncFrames.push(await this.catchUp(conn, sub));
    } catch (error) {
      this.log.error({ err: error }, "realtime: catch-up failed");
      this.close(conn, SocketCloseCode.internalError, "server_error");
      return;
    }
    // The presence list after the catch-up, behind whatever live frames waited meanwhile: a replayed
    // event that carries an older list (CHAT_UPDATED's online_users) is then corrected at once.
    if (topics.includes(topicOf("main"))) {
      try {
        const online = await this.backend.online();
        conn.inbox.push({
          topic: "",
          data: serialiseMessage("main", { msg_type: "SITE_CONNECTED", user_id: conn.userId, users_online: online }),
        });
      } catch (error) {
        this.log.error({ err: error }, "realtime: presence list unavailable");
      }
    }
    // Last the sync frames: the client knows where it stands once all of the above is in.
    for (const data of syncFrames) conn.inbox.push({ topic: "", data });
    conn.busy = false;
    this.pump(conn);
    this.emit({ type: "opened", userId: conn.userId, sessionId: conn.sessionId });
  }

  /** Sends what the socket missed on one numbered topic; returns its sync frame. */
  private async catchUp(conn: Connection, sub: NumberedSubscription): Promise<string> {
    conn.syncFrames.set(sub.topic, sub.syncFrame);
    const current = await this.events.current(sub.topic);
    let position = current;
    let resync = false;
    const since = sub.since;
    if (since !== undefined && since !== current) {
      const missed =
        since < current ? await this.events.range(sub.topic, since, undefined, REALTIME_REPLAY_WINDOW + 1) : [];
      const complete =
        since < current &&
        missed.length <= REALTIME_REPLAY_WINDOW &&
        missed.every((e, i) => e.seq === since + 1 + i) &&
        (missed.at(-1)?.seq ?? 0) >= current;
      if (complete) {
        for (const event of missed) this.send(conn, event.data);
        position = missed.at(-1)?.seq ?? current;
      } else {
        // Too far back, pruned, or a number this server never issued: the client refetches.
        resync = true;
      }
    }
    conn.positions.set(sub.topic, position);
    return sub.syncFrame(position, resync);
  }

  /** Closes one socket (its close event then detaches it). */
  close(handle: HubConnection, code: number, reason: string): void {
    const { socket } = handle;
    if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(code, reason);
  }

  /**
   * Sends an unnumbered message (presence, typing, who has a task open) to every socket subscribed
   * to `topic` (default: the channel itself), on every instance.
   */
  async publish<C extends ChannelName>(
    channel: C,
    message: ChannelMessages[C],
    topic: string = topicOf(channel),
  ): Promise<void> {
    await this.backend.broadcast({ t: "publish", topic, data: serialiseMessage(channel, message) });
  }

  /**
   * Publishes events recorded with `recordEvents`, after their transaction committed. Never
   * throws: the change stands, and a socket that did not get an event reads it from the log.
   */
  async publishRecorded(events: readonly RecordedEvent[]): Promise<void> {
    try {
      await Promise.all(
        events.map((e) => this.backend.broadcast({ t: "publish", topic: e.topic, data: e.data, seq: e.seq })),
      );
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not publish recorded events");
    }
  }

  /** Sends a frame to one socket of this instance (a command's answer). */
  sendTo<C extends ChannelName>(handle: HubConnection, channel: C, message: ChannelMessages[C]): void {
    const conn = handle as Connection;
    this.enqueue(conn, { topic: "", data: serialiseMessage(channel, message) });
  }

  /**
   * Closes the sockets of ended sessions on every instance with 4401 "session_ended". Called
   * after the revocation committed; never throws (the revocation stands either way).
   */
  async endSessions(filter: SessionFilter): Promise<void> {
    // This instance at once, before the caller answers; the others when the envelope arrives.
    this.tellCallerListeners(filter);
    try {
      await this.backend.broadcast({ t: "end-sessions", filter });
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not announce ended sessions");
    }
  }

  /**
   * An admin changed these users' role, superuser flag or module switches: every instance forgets
   * their cached callers (this one before it returns). Never throws.
   */
  async callersChanged(userIds: number[]): Promise<void> {
    this.tellCallerListeners({ userIds });
    try {
      await this.backend.broadcast({ t: "callers-changed", user_ids: userIds });
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not announce changed callers");
    }
  }

  /** Ended sessions and changed users, from any instance (the auth guard's caller cache). */
  onCallersChange(listener: (change: CallerChange) => void): () => void {
    this.callerListeners.add(listener);
    return () => this.callerListeners.delete(listener);
  }

  private tellCallerListeners(change: CallerChange): void {
    for (const listener of this.callerListeners) listener(change);
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

  /**
   * Closes with 4401 "session_ended" this instance's sockets whose session ended by itself (its
   * refresh token expired unrenewed, or its user was deactivated): a socket lives no longer than
   * its session. Revocations (logout, password reset) need no sweep: endSessions closes them at once.
   */
  async sweepSessions(): Promise<void> {
    const check = this.options.liveSessions;
    const open = [...this.connections].filter((conn) => conn.state !== "closed");
    if (!check || open.length === 0) return;
    let alive: Set<string>;
    try {
      alive = await this.track(check([...new Set(open.map((conn) => conn.sessionId))]));
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not check sessions");
      return;
    }
    for (const conn of open) {
      if (!alive.has(conn.sessionId)) this.close(conn, SocketCloseCode.unauthorized, "session_ended");
    }
  }

  // ---- rooms: who is on a board and which task each has open, shared by all instances ----

  roomJoin(room: string, userId: number, connId: string): Promise<void> {
    return this.track(this.backend.roomJoin(room, userId, connId));
  }

  roomLeave(room: string, userId: number, connId: string): Promise<void> {
    return this.track(this.backend.roomLeave(room, userId, connId));
  }

  roomSetTask(room: string, userId: number, connId: string | undefined, taskId: number | null): Promise<boolean> {
    return this.track(this.backend.roomSetTask(room, userId, connId, taskId));
  }

  roomViewers(room: string): Promise<RoomViewer[]> {
    return this.backend.roomViewers(room);
  }

  /** Every room change on any instance, as this instance receives it (each instance tells its own sockets). */
  onRoomChange(listener: (envelope: RoomEnvelope) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /** Sends an unnumbered message to this instance's sockets on a topic (not to other instances), but `except`. */
  deliverLocal<C extends ChannelName>(
    channel: C,
    message: ChannelMessages[C],
    topic: string,
    except?: HubConnection,
  ): void {
    const data = serialiseMessage(channel, message);
    for (const conn of this.byTopic.get(topic) ?? []) if (conn !== except) this.enqueue(conn, { topic, data });
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

  private receive(envelope: Envelope): void {
    switch (envelope.t) {
      case "publish":
        this.deliver({ topic: envelope.topic, data: envelope.data, seq: envelope.seq });
        return;
      case "presence": {
        const message: MainServerMessage = {
          msg_type: envelope.event === "online" ? "SITE_CONNECTED" : "SITE_DISCONNECTED",
          user_id: envelope.user_id,
          users_online: envelope.users_online,
        };
        this.deliver({ topic: topicOf("main"), data: serialiseMessage("main", message) });
        return;
      }
      case "room":
        for (const listener of this.roomListeners) listener(envelope);
        return;
      case "callers-changed":
        this.tellCallerListeners({ userIds: envelope.user_ids });
        return;
      case "end-sessions":
        this.tellCallerListeners(envelope.filter);
        for (const conn of this.connections) {
          if (sessionMatches(envelope.filter, conn)) this.close(conn, SocketCloseCode.unauthorized, "session_ended");
        }
        return;
    }
  }

  private deliver(frame: Outgoing): void {
    const subscribers = this.byTopic.get(frame.topic);
    if (!subscribers) return;
    const encoded = subscribers.size > 1 ? { ...frame, data: Buffer.from(frame.data) } : frame;
    for (const conn of subscribers) this.enqueue(conn, encoded);
  }

  private enqueue(conn: Connection, frame: Outgoing): void {
    if (conn.state !== "open") return;
    // The common case, nothing waiting and the frame next in line: straight out.
    if (!conn.busy && conn.inbox.length === 0) {
      if (frame.seq === undefined) {
        this.send(conn, frame.data);
        return;
      }
      if (conn.positions.get(frame.topic) === frame.seq - 1) {
        conn.positions.set(frame.topic, frame.seq);
        this.send(conn, frame.data);
        return;
      }
    }
    conn.inbox.push(frame);
    if (!conn.busy) this.pump(conn);
  }

  /**
   * Sends a socket's waiting frames in order. A numbered frame already sent is skipped; one that
   * comes after a gap (an earlier event published later, by another instance) waits while the
   * gap is read from the event log — the counter lock makes every lower number committed already.
   */
  private pump(conn: Connection): void {
    while (conn.inbox.length > 0 && !conn.busy) {
      if (conn.state !== "open") {
        conn.inbox.length = 0;
        return;
      }
      const frame = conn.inbox[0] as Outgoing;
      const position = frame.seq === undefined ? undefined : conn.positions.get(frame.topic);
      if (frame.seq === undefined || position === undefined) {
        conn.inbox.shift();
        this.send(conn, frame.data);
      } else if (frame.seq <= position) {
        conn.inbox.shift();
      } else if (frame.seq === position + 1) {
        conn.inbox.shift();
        conn.positions.set(frame.topic, frame.seq);
        this.send(conn, frame.data);
      } else {
        conn.busy = true;
        void this.track(
          this.fillGap(conn, frame.topic, position, frame.seq).finally(() => {
            conn.busy = false;
            this.pump(conn);
          }),
        );
      }
    }
  }

  private async fillGap(conn: Connection, topic: string, position: number, upTo: number): Promise<void> {
    let missed: RecordedEvent[] = [];
    try {
      missed = await this.events.range(topic, position, upTo, REALTIME_REPLAY_WINDOW);
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not read missed events");
    }
    let at = position;
    for (const event of missed) {
      if (event.seq !== at + 1) break;
      this.send(conn, event.data);
      at = event.seq;
    }
    if (at < upTo - 1) {
      // Could not fill it: the client refetches, and goes on from here.
      at = upTo - 1;
      const syncFrame = conn.syncFrames.get(topic);
      if (syncFrame) this.send(conn, syncFrame(at, true));
    }
    conn.positions.set(topic, at);
  }

  private send(conn: Connection, data: string | Buffer): void {
    const { socket } = conn;
    if (conn.state !== "open" || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: conn.userId }, "realtime: dropping a socket that does not read");
      socket.terminate();
      return;
    }
    // Buffers are text frames here: every frame is JSON.
    socket.send(data, { binary: false });
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
