import { type MainServerMessage, REALTIME_REPLAY_WINDOW, SocketCloseCode } from "@nadoy/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { CallerChange, Envelope, RealtimeBackend, RoomEnvelope, RoomViewer, SessionFilter } from "./backend.ts";
import { type ChannelMessages, type ChannelName, serialiseMessage, topicOf } from "./channels.ts";
import {
  type CompaniesOf,
  CompanyDirectory,
  type MembershipLoader,
  mayLearnPresence,
  type PresenceScope,
  scopeKey,
  visibleOnline,
} from "./company-directory.ts";
import type { EventLog, RecordedEvent } from "./event-log.ts";

export { type ChannelMessages, type ChannelName, type PresenceScope, topicOf };

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
  /** A presence list, filtered for the socket's scope when it was queued. */
  presence?: true;
}

/** What a socket's owner answers when the user's rights changed: its topics now, or a close. */
export type RightsCheck =
  | { close: { code: number; reason: string } }
  | { topics: string[]; presence?: PresenceScope | undefined };

/** How a socket's owner keeps it within the user's rights (main socket, board socket). */
export interface SocketRights {
  /** Whose presence the socket may learn (main sockets); none: it gets no presence. */
  presence?: PresenceScope | undefined;
  /** Checks the user again after an admin changed them: new unnumbered topics, or a close. */
  recheck(): Promise<RightsCheck>;
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
  /** Rights checks running: frames wait in the inbox until the socket's topics are right again. */
  held: number;
  /** The last rights check queued (they run one at a time). */
  rechecking?: Promise<void>;
  /** The user changed while the socket was opening: check once it is open. */
  recheckOnOpen: boolean;
  rights?: SocketRights;
}

/** A numbered topic a socket subscribes to, and where the client says it stands. */
export interface NumberedSubscription {
  topic: string;
  /** The last number the client received (`since`), or undefined for "from now on". */
  since: number | undefined;
  /** The first frame the client gets on this topic (SYNC / connected), also for a later resync. */
  syncFrame: (seq: number, resync: boolean) => string;
}

type PresenceMessage = Extract<MainServerMessage, { msg_type: "SITE_CONNECTED" | "SITE_DISCONNECTED" }>;

/**
 * Lifecycle events, reported after presence has been updated (logging, tests); "rechecked": the
 * socket's topics follow the user's changed rights (or it is being closed).
 */
export type HubEvent = { type: "opened" | "closed" | "rechecked"; userId: number; sessionId: string };

export interface RealtimeHubOptions {
  /** How often sockets are pinged and the backend heartbeats; 0 = only when `heartbeat()` is called. */
  heartbeatMs: number;
  /**
   * Which of these sessions are still alive (platform/auth liveSessions). With it, every
   * SESSION_SWEEP_HEARTBEATS heartbeats (or on `sweepSessions()`) sockets of sessions that ended
   * by themselves — expired, or their user deactivated — are closed.
   */
  liveSessions?: (sessionIds: string[]) => Promise<Set<string>>;
  /**
   * The companies of users (platform/access companies): with it, presence reaches only the users
   * who share a company (PresenceScope); without, everyone sees everyone.
   */
  memberships?: MembershipLoader;
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
  private readonly directory: CompanyDirectory | undefined;
  /** Presence frames are filtered after a lookup: one at a time, so they keep their order. */
  private presenceChain: Promise<void> = Promise.resolve();

  constructor(
    private readonly backend: RealtimeBackend,
    private readonly log: FastifyBaseLogger,
    private readonly options: RealtimeHubOptions,
    private readonly events: EventLog,
  ) {
    this.directory = options.memberships && new CompanyDirectory(options.memberships);
  }

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
      held: 0,
      recheckOnOpen: false,
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
  async open(
    handle: HubConnection,
    topics: string[],
    numbered: NumberedSubscription[] = [],
    rights?: SocketRights,
  ): Promise<void> {
    const conn = handle as Connection;
    if (conn.state !== "pending" || this.stopping) return;
    conn.rights = rights;
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
      const list = await this.presenceListFor(conn);
      if (list) conn.inbox.push(list);
    }
    // Last the sync frames: the client knows where it stands once all of the above is in.
    for (const data of syncFrames) conn.inbox.push({ topic: "", data });
    conn.busy = false;
    this.pump(conn);
    this.emit({ type: "opened", userId: conn.userId, sessionId: conn.sessionId });
    if (conn.recheckOnOpen) this.recheck(conn);
  }

  /** SITE_CONNECTED with the socket's own user id and the users online it may see; undefined when unavailable. */
  private async presenceListFor(conn: Connection): Promise<Outgoing | undefined> {
    try {
      const online = await this.backend.online();
      const users = await this.visibleTo(conn.rights?.presence, online);
      return {
        topic: topicOf("main"),
        presence: true,
        data: serialiseMessage("main", { msg_type: "SITE_CONNECTED", user_id: conn.userId, users_online: users }),
      };
    } catch (error) {
      this.log.error({ err: error }, "realtime: presence list unavailable");
      return undefined;
    }
  }

  private async visibleTo(scope: PresenceScope | undefined, online: number[]): Promise<number[]> {
    if (!scope || !this.directory) return online;
    if (scope.all) return online;
    return visibleOnline(scope, online, await this.directory.lookup(online));
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

  /** Ids of the users online on any instance, ascending (chat members' presence). */
  onlineUsers(): Promise<number[]> {
    return this.backend.online();
  }

  /** The users online that this user may see (their companies' members, or all), ascending (users/data). */
  async onlineUsersVisibleTo(user: { userId: number; isSuperuser: boolean }): Promise<number[]> {
    const online = await this.backend.online();
    if (user.isSuperuser || !this.directory) return online;
    const companiesOf = await this.directory.lookup([user.userId, ...online]);
    const scope = { userId: user.userId, all: false, companyIds: new Set(companiesOf(user.userId)) };
    return visibleOnline(scope, online, companiesOf);
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
        const message: PresenceMessage = {
          msg_type: envelope.event === "online" ? "SITE_CONNECTED" : "SITE_DISCONNECTED",
          user_id: envelope.user_id,
          users_online: envelope.users_online,
        };
        this.presenceChain = this.presenceChain
          .then(() => this.deliverPresence(message))
          .catch((error: unknown) => this.log.error({ err: error }, "realtime: could not pass presence on"));
        void this.track(this.presenceChain);
        return;
      }
      case "room":
        for (const listener of this.roomListeners) listener(envelope);
        return;
      case "callers-changed":
        this.tellCallerListeners({ userIds: envelope.user_ids });
        this.rightsChanged(envelope.user_ids);
        return;
      case "end-sessions":
        this.tellCallerListeners(envelope.filter);
        for (const conn of this.connections) {
          if (sessionMatches(envelope.filter, conn)) this.close(conn, SocketCloseCode.unauthorized, "session_ended");
        }
        return;
    }
  }

  /**
   * A user came or went: each main socket that may learn it gets the list as it may see it. Sockets
   * that see the same list share one filtered, encoded frame (scopeKey).
   */
  private async deliverPresence(message: PresenceMessage): Promise<void> {
    const subscribers = this.byTopic.get(topicOf("main"));
    if (!subscribers || subscribers.size === 0) return;
    const directory = this.directory;
    if (!directory) {
      this.deliver({ topic: topicOf("main"), data: serialiseMessage("main", message), presence: true });
      return;
    }
    const companiesOf = await directory.lookup([message.user_id, ...message.users_online]);
    const frames = new Map<string, Outgoing | null>();
    for (const conn of this.byTopic.get(topicOf("main")) ?? []) {
      const scope = conn.rights?.presence;
      if (!scope) {
        this.enqueue(conn, { topic: topicOf("main"), data: serialiseMessage("main", message), presence: true });
        continue;
      }
      const key = scopeKey(scope);
      let frame = frames.get(key);
      if (frame === undefined) {
        // One frame per key, so it may not depend on whose socket came first: a member of the
        // scope's companies is in them by the directory, like everyone else.
        const shared = key.startsWith("self:") ? scope : { ...scope, userId: -1 };
        frame = presenceFrame(shared, message, companiesOf);
        frames.set(key, frame);
      }
      if (frame) this.enqueue(conn, frame);
    }
  }

  /**
   * An admin changed these users (role, superuser flag, modules, companies, access): on this
   * instance, each of their sockets is checked again by its owner, and the other main sockets whose
   * view of these users' presence changed get a fresh list.
   */
  private rightsChanged(userIds: number[]): void {
    const changed = new Set(userIds);
    const before = new Map(userIds.map((id) => [id, this.directory?.peek(id)] as const));
    this.directory?.forget(userIds);
    for (const conn of this.connections) {
      if (!changed.has(conn.userId)) continue;
      if (conn.state === "pending") conn.recheckOnOpen = true;
      else if (conn.state === "open") this.recheck(conn);
    }
    if (this.directory) void this.track(this.refreshPresenceViews(changed, before));
  }

  /** Main sockets of others that may have seen, or may now see, the changed users get their list again. */
  private async refreshPresenceViews(
    changed: ReadonlySet<number>,
    before: ReadonlyMap<number, readonly number[] | undefined>,
  ): Promise<void> {
    const directory = this.directory;
    if (!directory) return;
    try {
      const online = await this.backend.online();
      const changedOnline = online.filter((id) => changed.has(id));
      if (changedOnline.length === 0) return;
      // One lookup and one encoded list per scope, however many sockets get it.
      const companiesOf = await directory.lookup(online);
      const touched = new Set<number>();
      for (const id of changedOnline) {
        for (const c of before.get(id) ?? []) touched.add(c);
        for (const c of companiesOf(id)) touched.add(c);
      }
      const unknownBefore = changedOnline.some((id) => !before.get(id));
      const lists = new Map<string, number[]>();
      for (const conn of this.byTopic.get(topicOf("main")) ?? []) {
        const scope = conn.rights?.presence;
        if (!scope || scope.all || changed.has(conn.userId)) continue;
        // Unknown before: the socket may have seen them; else only sockets of the companies involved can have.
        if (!unknownBefore && ![...scope.companyIds].some((c) => touched.has(c))) continue;
        // The socket's own id heads the frame, so the list is shared per scope but the frame is not.
        const key = scopeKey(scope);
        let users = lists.get(key);
        if (users === undefined) {
          users = visibleOnline(scope, online, companiesOf);
          lists.set(key, users);
        }
        const message = { msg_type: "SITE_CONNECTED", user_id: conn.userId, users_online: users } as const;
        this.enqueue(conn, { topic: topicOf("main"), presence: true, data: serialiseMessage("main", message) });
      }
    } catch (error) {
      this.log.error({ err: error }, "realtime: could not refresh presence lists");
    }
  }

  /**
   * Checks one socket against the user's changed rights (its owner's `recheck`). Meanwhile its
   * frames wait; afterwards those of topics it lost are dropped, and a main socket gets its
   * presence list as it may now see it. Checks of one socket run one at a time.
   */
  private recheck(conn: Connection): void {
    const rights = conn.rights;
    if (!rights) return;
    conn.held += 1;
    const run = async () => {
      if (conn.state !== "open") return;
      let outcome: RightsCheck;
      try {
        outcome = await rights.recheck();
      } catch (error) {
        this.log.error({ err: error }, "realtime: could not check a socket's rights");
        this.close(conn, SocketCloseCode.internalError, "server_error");
        return;
      }
      if (conn.state !== "open") return;
      if ("close" in outcome) {
        this.close(conn, outcome.close.code, outcome.close.reason);
        return;
      }
      this.resubscribe(conn, outcome.topics);
      rights.presence = outcome.presence;
      if (conn.topics.includes(topicOf("main"))) {
        // Lists queued under the old scope go: the fresh one below says it all.
        conn.inbox = conn.inbox.filter((frame) => !frame.presence);
        const list = await this.presenceListFor(conn);
        if (list) conn.inbox.push(list);
      }
    };
    conn.rechecking = (conn.rechecking ?? Promise.resolve()).then(run).finally(() => {
      conn.held -= 1;
      if (conn.held === 0) {
        conn.inbox = conn.inbox.filter((frame) => frame.topic === "" || conn.topics.includes(frame.topic));
        this.pump(conn);
      }
      this.emit({ type: "rechecked", userId: conn.userId, sessionId: conn.sessionId });
    });
    void this.track(conn.rechecking);
  }

  /**
   * Settles once the socket's rights checks queued so far are done: a command that arrives after
   * an admin's change waits for it, and then runs with the user as they are now.
   */
  rightsSettled(handle: HubConnection): Promise<void> {
    return (handle as Connection).rechecking ?? Promise.resolve();
  }

  /** Replaces a socket's unnumbered topics (its numbered ones stay). */
  private resubscribe(conn: Connection, topics: string[]): void {
    const numbered = conn.topics.filter((topic) => conn.positions.has(topic));
    const next = [...new Set([...topics, ...numbered])];
    for (const topic of conn.topics) {
      if (next.includes(topic)) continue;
      const set = this.byTopic.get(topic);
      set?.delete(conn);
      if (set?.size === 0) this.byTopic.delete(topic);
    }
    for (const topic of next) {
      let set = this.byTopic.get(topic);
      if (!set) {
        set = new Set();
        this.byTopic.set(topic, set);
      }
      set.add(conn);
    }
    conn.topics = next;
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
    if (!conn.busy && conn.held === 0 && conn.inbox.length === 0) {
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
    if (!conn.busy && conn.held === 0) this.pump(conn);
  }

  /**
   * Sends a socket's waiting frames in order. A numbered frame already sent is skipped; one that
   * comes after a gap (an earlier event published later, by another instance) waits while the
   * gap is read from the event log — the counter lock makes every lower number committed already.
   */
  private pump(conn: Connection): void {
    while (conn.inbox.length > 0 && !conn.busy && conn.held === 0) {
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

/** The presence message as a scope may see it; null when it may not learn of this change at all. */
function presenceFrame(scope: PresenceScope, message: PresenceMessage, companiesOf: CompaniesOf): Outgoing | null {
  if (!mayLearnPresence(scope, message.user_id, companiesOf)) return null;
  const users = visibleOnline(scope, message.users_online, companiesOf);
  return {
    topic: topicOf("main"),
    presence: true,
    data: serialiseMessage("main", { ...message, users_online: users }),
  };
}

function sessionMatches(filter: SessionFilter, conn: SocketIdentity): boolean {
  if ("sessionIds" in filter) return filter.sessionIds.includes(conn.sessionId);
  return conn.userId === filter.userId && conn.sessionId !== filter.exceptSessionId;
}
