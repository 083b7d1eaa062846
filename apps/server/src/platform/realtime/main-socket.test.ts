import { createHmac, randomBytes } from "node:crypto";
import { ErrorCode } from "@nadoy/contract/errors";
import {
  MAIN_SOCKET_HANDSHAKES_PER_MINUTE,
  type MainMessageOf,
  type MainServerMessage,
  SocketCloseCode,
} from "@nadoy/contract/realtime";
import { Role } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, refreshWith, signIn } from "../../../test/accounts.ts";
import { accessTokenFor, type CallerLabel, createCallers, expectedStatuses } from "../../../test/callers.ts";
import { linkToken, mailTo } from "../../../test/outbox.ts";
import {
  connected,
  connectUser,
  disconnected,
  openMainSocket,
  serverClosedSocketOf,
  socketBase,
} from "../../../test/sockets.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { refreshTokens, users } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { presenceKeys } from "./redis-backend.ts";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await socketBase(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

/**
 * The company every user of a test belongs to: presence is told only to users who share one
 * (presence-scope tests make users of other companies themselves). One per test and database.
 */
let shared = new WeakMap<TestApp, Promise<number>>();
beforeEach(() => {
  shared = new WeakMap();
});
function sharedCompanyOf(app: TestApp): Promise<number> {
  let id = shared.get(app);
  if (!id) {
    id = seedCompany(app.database.db, { name: `Компания ${randomBytes(4).toString("hex")}` }).then((c) => c.company.id);
    shared.set(app, id);
  }
  return id;
}

const TOKEN_NOT_VALID = { code: SocketCloseCode.unauthorized, reason: "token_not_valid" };
const SESSION_ENDED = { code: SocketCloseCode.unauthorized, reason: "session_ended" };

/** A user with a fresh session: id and access token. */
async function user(username: string, roles: number[] = [Role.zootechnician]) {
  const row = await seedUser(t.database.db, { username, roles, companyIds: [await sharedCompanyOf(t)] });
  return { id: row.id, token: await accessTokenFor(t, row.id) };
}

const onlineSeenBy = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/users/data/", token })).json().users_online;

function forgeJwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

function claimsOf(access: string): { sub: string; sid: string; typ: string } {
  return JSON.parse(Buffer.from(access.split(".")[1] ?? "", "base64url").toString("utf8"));
}

describe("/ws/main/ refuses sockets it cannot authenticate with close code 4401", () => {
  it("refuses a socket without a token", async () => {
    const socket = await openMainSocket(base, undefined);

    expect(await socket.closed).toEqual(TOKEN_NOT_VALID);
  });

  it.each([
    ["garbage", () => "not-a-jwt"],
    ["a token signed with another secret", (claims: Record<string, unknown>) => forgeJwt(claims, "x".repeat(40))],
    [
      "an expired token",
      (claims: Record<string, unknown>) => {
        const now = Math.floor(Date.now() / 1000);
        return t.app.jwt.sign({ ...claims, iat: now - 100, exp: now - 10 });
      },
    ],
    [
      "a token that is not an access token",
      (claims: Record<string, unknown>) => t.app.jwt.sign({ ...claims, typ: "yandex_state" }),
    ],
  ])("refuses %s", async (_name, makeToken) => {
    const ivan = await user("ivan");
    const { sub, sid, typ } = claimsOf(ivan.token);
    const watcher = await user("watcher");
    const watching = await connectUser(base, watcher.token, watcher.id);

    const socket = await openMainSocket(base, makeToken({ sub, sid, typ }));

    expect(await socket.closed).toEqual(TOKEN_NOT_VALID);
    expect(await onlineSeenBy(watcher.token)).toEqual([watcher.id]);
    expect(watching.received.some(connected(ivan.id))).toBe(false);
    await watching.close();
  });

  it("refuses the token of a session that was signed out", async () => {
    await createAccount(t.database.db, {
      username: "ivan",
      password: "correct-horse",
      companyIds: [await sharedCompanyOf(t)],
    });
    const pair = await signIn(t, "ivan", "correct-horse");
    const logout = await t.request({
      method: "POST",
      url: "/api/users/logout/",
      token: pair.access,
      payload: { refresh: pair.refresh },
    });
    expect(logout.statusCode).toBe(205);

    const socket = await openMainSocket(base, pair.access);

    expect(await socket.closed).toEqual(TOKEN_NOT_VALID);
  });

  it("refuses the token of a user who has been deactivated", async () => {
    const ivan = await user("ivan");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, ivan.id));

    const socket = await openMainSocket(base, ivan.token);

    expect(await socket.closed).toEqual(TOKEN_NOT_VALID);
  });

  it("lets every signed-in role in and nobody without a token (role matrix)", async () => {
    const callers = await createCallers(t);
    const outcome: Partial<Record<CallerLabel, number>> = {};

    for (const caller of callers) {
      const socket = await openMainSocket(base, caller.token);
      if (caller.userId === undefined) {
        outcome[caller.label] = (await socket.closed).code;
        continue;
      }
      const self = await socket.next(connected(caller.userId), `the snapshot of ${caller.label}`);
      expect(self.users_online).toContain(caller.userId);
      outcome[caller.label] = 101; // upgraded and kept open
      await socket.close();
    }

    expect(outcome).toEqual(expectedStatuses(101, { anonymous: SocketCloseCode.unauthorized }));
  });

  it("answers a plain HTTP request 426 with an error body", async () => {
    const res = await t.request({ method: "GET", url: "/ws/main/" });

    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ code: ErrorCode.upgradeRequired, message: expect.any(String) });
  });

  it(`refuses more than ${MAIN_SOCKET_HANDSHAKES_PER_MINUTE} handshakes a minute from one address with 429`, async () => {
    const remoteAddress = "10.250.0.1";
    for (let i = 0; i < MAIN_SOCKET_HANDSHAKES_PER_MINUTE; i++) {
      expect((await t.request({ method: "GET", url: "/ws/main/", remoteAddress })).statusCode).toBe(426);
    }

    const refused = await t.request({ method: "GET", url: "/ws/main/", remoteAddress });

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.tooManyRequests });
    expect((await t.request({ method: "GET", url: "/ws/main/" })).statusCode).toBe(426);
  });
});

describe("presence on the main socket", () => {
  it("tells a connected user when another connects and disconnects, with the whole sorted list", async () => {
    const anna = await user("anna");
    const boris = await user("boris");
    const a = await connectUser(base, anna.token, anna.id);

    const b = await connectUser(base, boris.token, boris.id);

    expect(await a.next(connected(boris.id), "SITE_CONNECTED of boris")).toEqual({
      msg_type: "SITE_CONNECTED",
      user_id: boris.id,
      users_online: [anna.id, boris.id],
    });
    await b.close();
    expect(await a.next(disconnected(boris.id), "SITE_DISCONNECTED of boris")).toEqual({
      msg_type: "SITE_DISCONNECTED",
      user_id: boris.id,
      users_online: [anna.id],
    });
    await a.close();
  });

  it("sends a new socket the current list at once, under the caller's own id", async () => {
    const anna = await user("anna");
    const boris = await user("boris");
    const a = await connectUser(base, anna.token, anna.id);

    const b = await openMainSocket(base, boris.token);

    expect(await b.next(connected(boris.id))).toEqual({
      msg_type: "SITE_CONNECTED",
      user_id: boris.id,
      users_online: [anna.id, boris.id],
    });
    await b.close();
    await a.close();
  });

  it("counts several tabs of a user as one presence", async () => {
    const anna = await user("anna");
    const boris = await user("boris");
    const vera = await user("vera");
    const a = await connectUser(base, anna.token, anna.id);

    const tab1 = await connectUser(base, boris.token, boris.id);
    const tab2 = await connectUser(base, boris.token, boris.id);
    // vera's arrival marks the point by which any second SITE_CONNECTED of boris would have come
    const v = await connectUser(base, vera.token, vera.id);
    await a.next(connected(vera.id), "SITE_CONNECTED of vera");
    expect(a.received.filter(connected(boris.id))).toHaveLength(1);

    const tab1Gone = serverClosedSocketOf(t, boris.id);
    await tab1.close();
    await tab1Gone;
    await v.close();
    const veraLeft = await a.next(disconnected(vera.id), "SITE_DISCONNECTED of vera");
    expect(veraLeft.users_online).toEqual([anna.id, boris.id]);
    expect(a.received.filter(disconnected(boris.id))).toHaveLength(0);

    await tab2.close();
    await a.next(disconnected(boris.id), "SITE_DISCONNECTED of boris");
    expect(a.received.filter(disconnected(boris.id))).toHaveLength(1);
    await a.close();
  });

  it("shows the online users in users/data", async () => {
    const anna = await user("anna");
    const boris = await user("boris");
    expect(await onlineSeenBy(anna.token)).toEqual([]);

    const b = await connectUser(base, boris.token, boris.id);
    const a = await connectUser(base, anna.token, anna.id);
    expect(await onlineSeenBy(anna.token)).toEqual([anna.id, boris.id].sort((x, y) => x - y));

    const bGone = serverClosedSocketOf(t, boris.id);
    await b.close();
    await bGone;
    expect(await onlineSeenBy(anna.token)).toEqual([anna.id]);
    await a.close();
  });
});

describe("presence is told only within shared companies (issue 15 item 11)", () => {
  /** A user of these companies (none: of no company), with a session. */
  async function memberOf(username: string, companyIds: number[], isSuperuser = false) {
    const row = await seedUser(t.database.db, { username, companyIds, isSuperuser });
    return { id: row.id, token: await accessTokenFor(t, row.id) };
  }
  const company = async (name: string) => (await seedCompany(t.database.db, { name })).company;
  const superuserToken = async () => (await memberOf("admin", [], true)).token;

  it("tells each user only of their companies' members; a superuser of everyone", async () => {
    const [zarya, niva] = [await company("Заря"), await company("Нива")];
    const anna = await memberOf("anna", [zarya.id]);
    const boris = await memberOf("boris", [niva.id]);
    const vera = await memberOf("vera", [zarya.id, niva.id]);
    const loner = await memberOf("loner", []);
    const su = await memberOf("su", [], true);
    const a = await connectUser(base, anna.token, anna.id);
    const s = await connectUser(base, su.token, su.id);

    // Boris (another company) comes and goes: Anna hears nothing; the superuser hears it.
    const b = await connectUser(base, boris.token, boris.id);
    expect((await s.next(connected(boris.id))).users_online).toEqual([anna.id, boris.id, su.id]);
    // Vera shares a company with each: both get her, each with only what they may see.
    const v = await connectUser(base, vera.token, vera.id);
    expect((await a.next(connected(vera.id))).users_online).toEqual([anna.id, vera.id]);
    expect((await b.next(connected(vera.id))).users_online).toEqual([boris.id, vera.id]);
    expect(v.received.find(connected(vera.id))?.users_online).toEqual([anna.id, boris.id, vera.id]);
    // A user of no company sees only themselves, and nobody (but the superuser) sees them.
    const l = await connectUser(base, loner.token, loner.id);
    expect(l.received.find(connected(loner.id))?.users_online).toEqual([loner.id]);
    expect((await s.next(connected(loner.id))).users_online).toEqual(
      [anna.id, boris.id, su.id, vera.id, loner.id].sort((x, y) => x - y),
    );
    await b.close();
    await s.next(disconnected(boris.id));
    await v.close();
    expect((await a.next(disconnected(vera.id))).users_online).toEqual([anna.id]);

    // Anna heard of Vera only: never of Boris, the loner or the superuser.
    const heardOf = a.received.flatMap((m) => ("users_online" in m ? [m.user_id, ...m.users_online] : []));
    expect(new Set(heardOf)).toEqual(new Set([anna.id, vera.id]));
    expect(await onlineSeenBy(anna.token)).toEqual([anna.id]);
    expect(await onlineSeenBy(loner.token)).toEqual([loner.id]);
    expect(await onlineSeenBy(su.token)).toEqual([anna.id, su.id, loner.id].sort((x, y) => x - y));
    for (const socket of [a, s, l]) await socket.close();
  });

  it("gives both sides a fresh list at once when an admin puts a user into a shared company", async () => {
    const [zarya, niva] = [await company("Заря"), await company("Нива")];
    const anna = await memberOf("anna", [zarya.id]);
    const boris = await memberOf("boris", [niva.id]);
    const a = await connectUser(base, anna.token, anna.id);
    const b = await connectUser(base, boris.token, boris.id);
    expect(await onlineSeenBy(anna.token)).toEqual([anna.id]);

    const res = await t.request({
      method: "PATCH",
      url: `/api/admin/businesses/${zarya.uuid}/`,
      token: await superuserToken(),
      payload: { user_ids: [anna.id, boris.id] },
    });
    expect(res.statusCode).toBe(200);

    // Boris's socket is checked again (his own list); Anna's gets a list that now has him.
    const withBoth =
      (id: number) =>
      (m: MainServerMessage): m is MainMessageOf<"SITE_CONNECTED"> =>
        connected(id)(m) && m.users_online.includes(anna.id) && m.users_online.includes(boris.id);
    expect((await b.next(withBoth(boris.id), "boris's fresh list")).users_online).toEqual([anna.id, boris.id]);
    expect((await a.next(withBoth(anna.id), "anna's fresh list")).users_online).toEqual([anna.id, boris.id]);
    expect(await onlineSeenBy(anna.token)).toEqual([anna.id, boris.id]);
    await b.close();
    expect((await a.next(disconnected(boris.id))).users_online).toEqual([anna.id]);
    await a.close();
  });
});

describe("sessions that end close their sockets", () => {
  beforeEach(async () => {
    await createAccount(t.database.db, {
      username: "ivan",
      password: "correct-horse",
      companyIds: [await sharedCompanyOf(t)],
    });
  });

  it("closes the socket of a session that logs out with 4401 session_ended, and keeps the other session's", async () => {
    const anna = await user("anna");
    const a = await connectUser(base, anna.token, anna.id);
    const laptop = await signIn(t, "ivan", "correct-horse");
    const phone = await signIn(t, "ivan", "correct-horse");
    const ivanId = Number(claimsOf(laptop.access).sub);
    const laptopSocket = await connectUser(base, laptop.access, ivanId);
    const phoneSocket = await connectUser(base, phone.access, ivanId);

    const logout = await t.request({
      method: "POST",
      url: "/api/users/logout/",
      token: laptop.access,
      payload: { refresh: laptop.refresh },
    });

    expect(logout.statusCode).toBe(205);
    expect(await laptopSocket.closed).toEqual(SESSION_ENDED);
    expect(phoneSocket.ws.readyState).toBe(phoneSocket.ws.OPEN);

    // The phone's session is the last: logging it out takes ivan offline.
    await t.request({
      method: "POST",
      url: "/api/users/logout/",
      token: phone.access,
      payload: { refresh: phone.refresh },
    });
    expect(await phoneSocket.closed).toEqual(SESSION_ENDED);
    expect((await a.next(disconnected(ivanId), "SITE_DISCONNECTED of ivan")).users_online).toEqual([anna.id]);
    await a.close();
  });

  it("closes every socket of a user whose password was reset by mail", async () => {
    await t.database.db.update(users).set({ email: "ivan@example.com" }).where(eq(users.username, "ivan"));
    const laptop = await signIn(t, "ivan", "correct-horse");
    const phone = await signIn(t, "ivan", "correct-horse");
    const ivanId = Number(claimsOf(laptop.access).sub);
    const sockets = [await connectUser(base, laptop.access, ivanId), await connectUser(base, phone.access, ivanId)];
    await t.request({ method: "POST", url: "/api/users/password_reset/", payload: { email: "ivan@example.com" } });
    await t.app.afterAnswer.settled();
    const [letter] = await mailTo(t.database.db, "ivan@example.com");
    const token = linkToken(letter?.text ?? "", "reset-password");

    const reset = await t.request({
      method: "POST",
      url: "/api/users/password_reset/confirm/",
      payload: { token, password: "battery-staple" },
    });

    expect(reset.statusCode).toBe(200);
    for (const socket of sockets) expect(await socket.closed).toEqual(SESSION_ENDED);
  });

  it("closes the socket of a session whose refresh token was replayed", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");
    const socket = await connectUser(base, pair.access, Number(claimsOf(pair.access).sub));
    expect((await refreshWith(t, pair.refresh)).status).toBe(200);

    expect((await refreshWith(t, pair.refresh)).status).toBe(401);

    expect(await socket.closed).toEqual(SESSION_ENDED);
  });
});

describe("/ws/main/ lives no longer than its session", () => {
  beforeEach(async () => {
    await createAccount(t.database.db, {
      username: "ivan",
      password: "correct-horse",
      companyIds: [await sharedCompanyOf(t)],
    });
  });

  it("closes, on the session sweep, the socket of a session whose refresh token expired unrenewed", async () => {
    const stale = await signIn(t, "ivan", "correct-horse");
    const renewed = await signIn(t, "ivan", "correct-horse");
    const ivanId = Number(claimsOf(stale.access).sub);
    const staleSocket = await connectUser(base, stale.access, ivanId);
    const liveSocket = await connectUser(base, renewed.access, ivanId);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, claimsOf(stale.access).sid));

    await t.app.realtime.sweepSessions();

    expect(await staleSocket.closed).toEqual(SESSION_ENDED);
    // The renewed session keeps its socket: it still hears who comes and goes.
    const anna = await user("anna");
    const annaSocket = await connectUser(base, anna.token, anna.id);
    expect((await liveSocket.next(connected(anna.id), "SITE_CONNECTED of anna")).users_online).toEqual(
      [ivanId, anna.id].sort((a, b) => a - b),
    );
    await annaSocket.close();
    await liveSocket.close();
  });

  it("closes, on the session sweep, every socket of a user who was deactivated", async () => {
    const laptop = await signIn(t, "ivan", "correct-horse");
    const ivanId = Number(claimsOf(laptop.access).sub);
    const socket = await connectUser(base, laptop.access, ivanId);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, ivanId));

    await t.app.realtime.sweepSessions();

    expect(await socket.closed).toEqual(SESSION_ENDED);
  });
});

/** An unnumbered main-channel message, published to every main socket. */
const chatMessage = (userId: number) => ({
  msg_type: "CHAT_TYPING" as const,
  user_id: userId,
  chat: "0b7c2a52-62a1-4c55-a1b0-0a3c2f0e3d11",
  sender_name: "Анна Петрова",
});

describe("publishing on the main channel", () => {
  it("delivers a message to every open main socket", async () => {
    const anna = await user("anna");
    const boris = await user("boris");
    const a = await connectUser(base, anna.token, anna.id);
    const b = await connectUser(base, boris.token, boris.id);

    await t.app.realtime.publish("main", chatMessage(anna.id));

    for (const socket of [a, b]) {
      expect(await socket.next((m) => m.msg_type === "CHAT_TYPING", "the typing message")).toEqual(
        chatMessage(anna.id),
      );
    }
    await a.close();
    await b.close();
  });

  it("refuses to send a message that does not match the contract", async () => {
    const bad = { ...chatMessage(1), user_id: 1.5 };

    await expect(t.app.realtime.publish("main", bad)).rejects.toThrow();
  });
});

describe("heartbeat", () => {
  it("drops a socket that stopped answering pings and keeps the ones that answer", async () => {
    const anna = await user("anna");
    const boris = await user("boris");
    const healthy = await connectUser(base, anna.token, anna.id);
    const dead = await connectUser(base, boris.token, boris.id, { autoPong: false });
    const pinged = (socket: typeof healthy) => new Promise((resolve) => socket.ws.once("ping", resolve));

    const bothPinged = Promise.all([pinged(healthy), pinged(dead)]);
    await t.app.realtime.heartbeat();
    await bothPinged;
    // A ping of our own and its pong: the server has read the pong the client sent before it.
    const roundTrip = new Promise((resolve) => healthy.ws.once("pong", resolve));
    healthy.ws.ping();
    await roundTrip;
    await t.app.realtime.heartbeat();

    expect((await dead.closed).code).toBe(1006);
    expect((await healthy.next(disconnected(boris.id), "SITE_DISCONNECTED of boris")).users_online).toEqual([anna.id]);
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
    await healthy.close();
  });
});

describe("shutdown", () => {
  it("closes open sockets with 1001 so that clients reconnect elsewhere", async () => {
    const other = await startTestApp({}, { reset: false });
    const otherBase = await socketBase(other);
    const anna = await seedUser(other.database.db, { username: "anna" });
    const socket = await connectUser(otherBase, await accessTokenFor(other, anna.id), anna.id);

    await other.close();

    expect((await socket.closed).code).toBe(SocketCloseCode.goingAway);
  });
});

// Two instances share presence and session ends only through Redis: this runs on the
// PostgreSQL + Redis run (REDIS_URL), where every app uses Redis.
if (testRedisUrl) {
  describe("two instances on one database and one Redis", () => {
    let one: TestApp;
    let two: TestApp;
    let oneBase: string;
    let twoBase: string;
    let prefix: string;

    beforeAll(async () => {
      const signingSecret = randomBytes(32).toString("hex");
      prefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;
      one = await startTestApp({}, { signingSecret, redisPrefix: prefix, reset: false });
      two = await startTestApp({}, { signingSecret, redisPrefix: prefix, reset: false });
      oneBase = await socketBase(one);
      twoBase = await socketBase(two);
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    const userOn = async (app: TestApp, username: string) => {
      // Both instances share one database: one company for the test, whichever app seeds it.
      const row = await seedUser(app.database.db, { username, companyIds: [await sharedCompanyOf(one)] });
      return { id: row.id, token: await accessTokenFor(app, row.id) };
    };
    const onlineOn = async (app: TestApp, token: string) =>
      (await app.request({ method: "GET", url: "/api/users/data/", token })).json().users_online;

    it("shows a user on one instance the users joining and leaving on the other", async () => {
      const anna = await userOn(one, "anna");
      const boris = await userOn(two, "boris");
      const a = await connectUser(oneBase, anna.token, anna.id);

      const b = await connectUser(twoBase, boris.token, boris.id);

      expect((await a.next(connected(boris.id), "SITE_CONNECTED of boris from instance two")).users_online).toEqual([
        anna.id,
        boris.id,
      ]);
      expect(await onlineOn(one, anna.token)).toEqual([anna.id, boris.id]);
      expect(await onlineOn(two, boris.token)).toEqual([anna.id, boris.id]);

      await b.close();
      expect((await a.next(disconnected(boris.id), "SITE_DISCONNECTED of boris")).users_online).toEqual([anna.id]);
      expect(await onlineOn(two, boris.token)).toEqual([anna.id]);
      await a.close();
    });

    it("counts tabs of one user on two instances as one presence", async () => {
      const anna = await userOn(one, "anna");
      const boris = await userOn(one, "boris");
      const a = await connectUser(oneBase, anna.token, anna.id);
      const tabOne = await connectUser(oneBase, boris.token, boris.id);
      const tabTwo = await connectUser(twoBase, boris.token, boris.id);
      await a.next(connected(boris.id));

      const tabOneGone = serverClosedSocketOf(one, boris.id);
      await tabOne.close();
      await tabOneGone;
      expect(await onlineOn(two, anna.token)).toEqual([anna.id, boris.id]);

      await tabTwo.close();
      await a.next(disconnected(boris.id), "SITE_DISCONNECTED of boris after his last tab");
      expect(a.received.filter(connected(boris.id))).toHaveLength(1);
      expect(a.received.filter(disconnected(boris.id))).toHaveLength(1);
      await a.close();
    });

    it("delivers a message published on one instance to the sockets of the other", async () => {
      const anna = await userOn(one, "anna");
      const a = await connectUser(oneBase, anna.token, anna.id);

      await two.app.realtime.publish("main", chatMessage(anna.id));

      expect(await a.next((m) => m.msg_type === "CHAT_TYPING", "the typing message from instance two")).toEqual(
        chatMessage(anna.id),
      );
      await a.close();
    });

    it("closes a session's socket on the other instance when it logs out", async () => {
      await createAccount(one.database.db, { username: "ivan", password: "correct-horse" });
      const pair = await signIn(one, "ivan", "correct-horse");
      const socket = await connectUser(twoBase, pair.access, Number(claimsOf(pair.access).sub));

      const logout = await one.request({
        method: "POST",
        url: "/api/users/logout/",
        token: pair.access,
        payload: { refresh: pair.refresh },
      });

      expect(logout.statusCode).toBe(205);
      expect(await socket.closed).toEqual(SESSION_ENDED);
    });

    it("sends the users of an instance that stopped heartbeating offline, and back when it returns", async () => {
      const anna = await userOn(one, "anna");
      const boris = await userOn(two, "boris");
      const a = await connectUser(oneBase, anna.token, anna.id);
      const b = await connectUser(twoBase, boris.token, boris.id);
      await a.next(connected(boris.id));

      // Instance two's liveness key expires, as it would if the process died.
      await one.redis?.del(presenceKeys(`${prefix}rt:`, two.app.realtime.instanceId).alive);
      await one.app.realtime.heartbeat();

      expect((await a.next(disconnected(boris.id), "boris swept with his dead instance")).users_online).toEqual([
        anna.id,
      ]);
      expect(await onlineOn(one, anna.token)).toEqual([anna.id]);

      await two.app.realtime.heartbeat();
      expect((await a.next(connected(boris.id), "boris back with his instance")).users_online).toEqual([
        anna.id,
        boris.id,
      ]);
      await b.close();
      await a.next(disconnected(boris.id));
      await a.close();
    });
  });
}
