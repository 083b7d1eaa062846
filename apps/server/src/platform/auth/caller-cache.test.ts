import { describe, expect, it } from "vitest";
import { CallerCache } from "./caller-cache.ts";
import type { AuthUser } from "./guard.ts";

const modules = { boards: true, tableLists: true, tables: true };
const caller = (id: number, sessionId: string, groups = [3]): AuthUser => ({
  id,
  isSuperuser: false,
  groups,
  sessionId,
  modules,
});
const NEVER = Number.MAX_SAFE_INTEGER;

/** A cache on a hand-moved clock, and a loader that counts its database trips. */
function setup(ttlMs = 1000, max = 100) {
  let now = 0;
  const cache = new CallerCache(ttlMs, max, () => now);
  let loads = 0;
  const load = (value: AuthUser | undefined) => async () => {
    loads += 1;
    return value;
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("CallerCache", () => {
  it("asks the database once per token until the entry is older than the TTL", async () => {
    const s = setup(1000);
    const user = caller(1, "a");
    expect(await s.cache.load("t1", NEVER, s.load(user))).toBe(user);
    s.advance(999);
    expect(s.cache.get("t1")).toBe(user);
    expect(await s.cache.load("t1", NEVER, s.load(user))).toBe(user);
    expect(s.loads()).toBe(1);
    s.advance(1);
    expect(s.cache.get("t1")).toBeUndefined();
    await s.cache.load("t1", NEVER, s.load(user));
    expect(s.loads()).toBe(2);
  });

  it("never keeps a token past its expiry, however long the TTL", async () => {
    const s = setup(60_000);
    await s.cache.load("t1", 500, s.load(caller(1, "a")));
    s.advance(499);
    expect(s.cache.get("t1")).toEqual(caller(1, "a"));
    s.advance(1);
    expect(s.cache.get("t1")).toBeUndefined();
  });

  it("never keeps a refusal: a closed session is asked about again", async () => {
    const s = setup();
    expect(await s.cache.load("t1", NEVER, s.load(undefined))).toBeUndefined();
    expect(await s.cache.load("t1", NEVER, s.load(caller(1, "a")))).toEqual(caller(1, "a"));
    expect(s.loads()).toBe(2);
  });

  it("forgets ended sessions, every session of a user, or of several users", async () => {
    const s = setup();
    const tokens = [
      ["t1", 1, "a"],
      ["t2", 1, "a"],
      ["t3", 1, "b"],
      ["t4", 2, "c"],
      ["t5", 3, "d"],
    ] as const;
    for (const [token, id, sid] of tokens) await s.cache.load(token, NEVER, s.load(caller(id, sid)));
    s.cache.forget({ sessionIds: ["a"] });
    expect(["t1", "t2", "t3"].map((t) => s.cache.get(t))).toEqual([undefined, undefined, caller(1, "b")]);
    s.cache.forget({ userId: 1, exceptSessionId: "b" });
    expect(s.cache.get("t3")).toBeUndefined();
    expect(s.cache.size).toBe(2);
    s.cache.forget({ userIds: [2, 3] });
    expect(s.cache.size).toBe(0);
  });

  it("does not store what a load read when a change was announced while it ran", async () => {
    const s = setup();
    let finish: (value: AuthUser) => void = () => {};
    const pending = s.cache.load("t1", NEVER, () => new Promise<AuthUser>((resolve) => (finish = resolve)));
    // The role change commits and is announced while the old row is on its way back.
    s.cache.forget({ userIds: [1] });
    finish(caller(1, "a", [7]));
    expect(await pending).toEqual(caller(1, "a", [7]));
    expect(s.cache.get("t1")).toBeUndefined();
  });

  it("holds at most `max` tokens, dropping the oldest", async () => {
    const s = setup(1000, 2);
    await s.cache.load("t1", NEVER, s.load(caller(1, "a")));
    await s.cache.load("t2", NEVER, s.load(caller(2, "b")));
    await s.cache.load("t3", NEVER, s.load(caller(3, "c")));
    expect(s.cache.size).toBe(2);
    expect(s.cache.get("t1")).toBeUndefined();
    expect(s.cache.get("t3")).toEqual(caller(3, "c"));
  });
});
