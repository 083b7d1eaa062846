import { randomBytes } from "node:crypto";
import { ACCOUNT_LOGIN_FREE_FAILURES, LOGIN_FAILURES_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { FORM_SUBMITS_PER_MINUTE } from "@nadoy/contract/table-lists";
import { passwordResetRequestRoute, registerRoute } from "@nadoy/contract/users";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../../test/accounts.ts";
import { mailCount } from "../../test/outbox.ts";
import { rowCounts } from "../../test/row-counts.ts";
import { nextAddress, startTestApp, type TestApp, testRedisUrl } from "../../test/test-app.ts";
import { resetDatabase } from "../../test/test-database.ts";
import { auditLog, listRows, users } from "../db/schema/index.ts";
import { seedCompany } from "../db/seed/companies.ts";
import { FEEDBACK_FARMS, FEEDBACK_FORM_LINK, FEEDBACK_TOPICS, seedFeedbackList } from "../db/seed/table-lists.ts";
import { seedUser } from "../db/seed/users.ts";

// The public routes a stranger can hammer — sign-in, registration, password reset, the feedback
// form — are limited per client address. On the PostgreSQL + Redis run (CI) the hits of one address
// are spread over two instances that share one Redis prefix, as behind a load balancer: the limit
// must still hold after exactly as many hits, because the counters live in Redis. Without Redis
// the same tests run against the one app (counters in memory).

const signingSecret = randomBytes(32).toString("hex");
const redisPrefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;
let instances: TestApp[] = [];
const spread = testRedisUrl ? "spread over two instances sharing Redis" : "on one instance";

beforeAll(async () => {
  // The account slow-down's clock stands still: its 1 s steps cannot pass while a test runs.
  const now = () => Date.UTC(2026, 0, 1);
  const first = await startTestApp({}, { signingSecret, redisPrefix, now });
  instances = testRedisUrl
    ? [first, await startTestApp({}, { signingSecret, redisPrefix, reset: false, now })]
    : [first];
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
});
beforeEach(() => resetDatabase(db0().database));

const db0 = () => instances[0] as TestApp;

/** Waits for what the instances do after answering (password reset letters). */
const settled = () => Promise.all(instances.map((instance) => instance.app.afterAnswer.settled()));

/** The i-th request of a burst, sent to the instances in turn, all from one address. */
function hit(i: number, address: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const instance = instances[i % instances.length] as TestApp;
  return instance.request({ ...options, remoteAddress: address });
}

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: ErrorCode.tooManyRequests, message: expect.any(String) });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const login = (username: string, password: string): InjectOptions => ({
  method: "POST",
  url: "/api/users/token/",
  payload: { username, password },
});
const registration = (n: number): InjectOptions => ({
  method: "POST",
  url: registerRoute.path,
  payload: { username: `novichok${n}`, email: `novichok${n}@example.com`, password: "long-enough-password" },
});
const resetRequest = (email: string): InjectOptions => ({
  method: "POST",
  url: passwordResetRequestRoute.path,
  payload: { email },
});

const userCount = async () =>
  Number((await db0().database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n);

describe(`per-address limits of the public routes, ${spread}`, () => {
  it(`sign-in: after ${LOGIN_FAILURES_PER_MINUTE} failures the address is refused with 429, even with the right password`, async () => {
    await createAccount(db0().database.db, { username: "ivan", password: "correct-horse", roles: [Role.viewer] });
    const attacker = nextAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE; i++) {
      expect((await hit(i, attacker, login(`stranger${i}`, `guess-${i}`))).statusCode).toBe(401);
    }
    const before = await rowCounts(db0().database.db);

    for (let i = 0; i < instances.length; i++) {
      expectRefused(await hit(LOGIN_FAILURES_PER_MINUTE + i, attacker, login("ivan", "correct-horse")));
    }
    expect(await rowCounts(db0().database.db)).toEqual(before); // not even a login_failed entry
    // The user is not locked out: another address signs in on every instance.
    const office = nextAddress();
    for (let i = 0; i < instances.length; i++) {
      expect((await hit(i, office, login("ivan", "correct-horse"))).statusCode).toBe(200);
    }
  });

  it(`sign-in: a burst of parallel guesses from one address has at most ${LOGIN_FAILURES_PER_MINUTE} passwords checked`, async () => {
    await createAccount(db0().database.db, { username: "ivan", password: "correct-horse", roles: [Role.viewer] });
    const attacker = nextAddress();

    const burst = await Promise.all(
      Array.from({ length: 4 * LOGIN_FAILURES_PER_MINUTE }, (_, i) =>
        hit(i, attacker, login(`stranger${i}`, `guess-${i}`)),
      ),
    );

    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LOGIN_FAILURES_PER_MINUTE);
    const failed = await db0().database.db.select().from(auditLog).where(eq(auditLog.action, "login_failed"));
    expect(failed).toHaveLength(LOGIN_FAILURES_PER_MINUTE);
    expectRefused(await hit(0, attacker, login("ivan", "correct-horse")));
    expect((await hit(1, nextAddress(), login("ivan", "correct-horse"))).statusCode).toBe(200);
  });

  it("sign-in: right passwords from one address do not use up its failures", async () => {
    await createAccount(db0().database.db, { username: "ivan", password: "correct-horse", roles: [Role.viewer] });
    const office = nextAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE - 1; i++) {
      expect((await hit(i, office, login(`colleague${i}`, `typo-${i}`))).statusCode).toBe(401);
    }
    for (let i = 0; i < 2 * instances.length; i++) {
      expect((await hit(i, office, login("ivan", "correct-horse"))).statusCode).toBe(200);
    }
    // One failure is still left, and then the address is refused.
    expect((await hit(0, office, login("ivan", "last-typo"))).statusCode).toBe(401);
    expectRefused(await hit(1, office, login("ivan", "correct-horse")));
  });

  it(`sign-in: guesses at one account from ever new addresses are slowed after ${ACCOUNT_LOGIN_FREE_FAILURES} failures`, async () => {
    await createAccount(db0().database.db, { username: "petr", password: "correct-horse", roles: [Role.viewer] });
    for (let i = 0; i <= ACCOUNT_LOGIN_FREE_FAILURES; i++) {
      expect((await hit(i, nextAddress(), login("petr", `guess-${i}`))).statusCode).toBe(401);
    }

    for (let i = 0; i < 2 * instances.length; i++) {
      const res = await hit(i, nextAddress(), login("petr", i === 0 ? "correct-horse" : `guess-more-${i}`));
      expectRefused(res);
      expect(res.headers["retry-after"]).toBe("1");
    }
  });

  it(`registration: ${registerRoute.rateLimit?.max} a minute from one address, the next is 429 and writes nothing`, async () => {
    const max = registerRoute.rateLimit?.max ?? 0;
    expect(max).toBe(10);
    const address = nextAddress();
    for (let i = 0; i < max; i++) expect((await hit(i, address, registration(i))).statusCode).toBe(201);
    expect(await userCount()).toBe(max);
    const before = await rowCounts(db0().database.db);

    for (let i = 0; i < instances.length; i++) expectRefused(await hit(max + i, address, registration(max + i)));

    expect(await rowCounts(db0().database.db)).toEqual(before);
    expect((await hit(0, nextAddress(), registration(99))).statusCode).toBe(201);
  });

  it(`password reset: ${passwordResetRequestRoute.rateLimit?.max} requests a minute from one address, the next is 429 and mails nothing`, async () => {
    const max = passwordResetRequestRoute.rateLimit?.max ?? 0;
    expect(max).toBe(5);
    await createAccount(db0().database.db, { username: "ivan", email: "ivan@example.com", roles: [Role.viewer] });
    const address = nextAddress();
    for (let i = 0; i < max; i++) {
      expect((await hit(i, address, resetRequest(`someone${i}@example.com`))).statusCode).toBe(200);
    }
    await settled();
    const before = await rowCounts(db0().database.db);

    for (let i = 0; i < instances.length; i++)
      expectRefused(await hit(max + i, address, resetRequest("ivan@example.com")));

    await settled();
    expect(await rowCounts(db0().database.db)).toEqual(before);
    expect(await mailCount(db0().database.db)).toBe(0);
    expect((await hit(1, nextAddress(), resetRequest("ivan@example.com"))).statusCode).toBe(200);
    await settled();
    expect(await mailCount(db0().database.db)).toBe(1);
  });

  it(`feedback form: ${FORM_SUBMITS_PER_MINUTE} answers a minute from one address become exactly ${FORM_SUBMITS_PER_MINUTE} rows, the next is 429`, async () => {
    const db = db0().database.db;
    const { company } = await seedCompany(db, { name: "Агрохолдинг Заря" });
    const owner = await seedUser(db, { username: "zootech" });
    const { list, columns } = await seedFeedbackList(db, company.id, owner.id);
    const answer: InjectOptions = {
      method: "POST",
      url: "/api/tableLists/link_uuid_form/",
      payload: { uuid_link: FEEDBACK_FORM_LINK, form_data: validValues(columns) },
    };
    const rows = async () => (await db.select().from(listRows).where(eq(listRows.listId, list.id))).length;
    const farm = nextAddress();
    for (let i = 0; i < FORM_SUBMITS_PER_MINUTE; i++) expect((await hit(i, farm, answer)).statusCode).toBe(201);
    expect(await rows()).toBe(FORM_SUBMITS_PER_MINUTE);
    const before = await rowCounts(db);

    for (let i = 0; i < instances.length; i++) expectRefused(await hit(FORM_SUBMITS_PER_MINUTE + i, farm, answer));

    expect(await rowCounts(db)).toEqual(before);
    expect((await hit(0, nextAddress(), answer)).statusCode).toBe(201);
    expect(await rows()).toBe(FORM_SUBMITS_PER_MINUTE + 1);
  });
});

// Only on the PostgreSQL + Redis run (CI); the embedded run has no Redis.
if (testRedisUrl) {
  describe("limit counters in Redis", () => {
    it("are kept under the deployment's prefix, and an instance started later sees them", async () => {
      const address = nextAddress();
      await createAccount(db0().database.db, { username: "ivan", password: "correct-horse", roles: [Role.viewer] });
      for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE; i++) {
        expect((await hit(i, address, login(`stranger${i}`, `guess-${i}`))).statusCode).toBe(401);
      }
      const max = passwordResetRequestRoute.rateLimit?.max ?? 0;
      for (let i = 0; i < max; i++) expect((await hit(i, address, resetRequest("x@example.com"))).statusCode).toBe(200);
      const redis = db0().redis;
      expect(await redis?.keys(`${redisPrefix}fail:*${address}*`)).toHaveLength(1);
      expect((await redis?.keys(`${redisPrefix}rl:*${address}*`))?.length).toBeGreaterThanOrEqual(1);

      const third = await startTestApp({}, { signingSecret, redisPrefix, reset: false });
      try {
        expectRefused(await third.request({ ...login("ivan", "correct-horse"), remoteAddress: address }));
        expectRefused(await third.request({ ...resetRequest("x@example.com"), remoteAddress: address }));
      } finally {
        await third.close();
      }
    });
  });
}

function validValues(c: Record<string, string>) {
  return {
    [c.name as string]: "Иван Петрович",
    [c.phone as string]: "+7 916 123-45-67",
    [c.date as string]: "2025-11-28",
    [c.herd as string]: 412,
    [c.sick as string]: 3.5,
    [c.photo as string]: "https://example.com/korova.jpg",
    [c.topics as string]: [FEEDBACK_TOPICS[0], FEEDBACK_TOPICS[2]],
    [c.farm as string]: FEEDBACK_FARMS[1],
    [c.message as string]: "Упал надой в группе 3",
    [c.consent as string]: true,
  };
}
