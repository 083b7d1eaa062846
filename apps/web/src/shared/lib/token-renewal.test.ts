import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/mock-api.ts";
import { accessTokenExpiry } from "./access-token-expiry.ts";
import { setBrowserLocation } from "./browser-location.ts";
import { RENEW_BEFORE_EXPIRY_MS, RENEW_RETRY_MS, startTokenRenewal } from "./token-renewal.ts";

/** An unsigned JWT-shaped token whose `exp` is `expiresInMs` from now (the client never verifies). */
function tokenExpiringIn(expiresInMs: number, label: string): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor((Date.now() + expiresInMs) / 1000), label }));
  return `header.${payload.replaceAll("=", "")}.signature`;
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe("background token renewal", () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it("reads the expiry of an access token", () => {
    const token = tokenExpiringIn(900_000, "a");
    expect(accessTokenExpiry(token)).toBe(Math.floor((Date.now() + 900_000) / 1000) * 1000);
    expect(accessTokenExpiry("not-a-jwt")).toBeUndefined();
  });

  it("renews the tokens a minute before expiry, without reloading, and again before the next expiry", async () => {
    const first = tokenExpiringIn(900_000, "first");
    localStorage.setItem("access", first);
    localStorage.setItem("refresh", "refresh-1");
    const dueIn = (accessTokenExpiry(first) ?? 0) - RENEW_BEFORE_EXPIRY_MS - Date.now();
    const next = [tokenExpiringIn(900_000 * 2, "second"), tokenExpiringIn(900_000 * 3, "third")];
    const api = mockApi({
      "POST /api/users/token/refresh/": (call) => ({
        status: 200,
        body: { access: next.shift(), refresh: `${(call.body as { refresh: string }).refresh}+` },
      }),
    });
    const location = { reload: vi.fn(), assign: vi.fn() };
    setBrowserLocation(location);
    stop = startTokenRenewal();

    await vi.advanceTimersByTimeAsync(dueIn - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(api.calls.map((c) => c.body)).toEqual([{ refresh: "refresh-1" }]);
    expect(localStorage.getItem("refresh")).toBe("refresh-1+");

    await vi.advanceTimersByTimeAsync(900_000);
    await flush();
    expect(api.calls.map((c) => c.body)).toEqual([{ refresh: "refresh-1" }, { refresh: "refresh-1+" }]);
    expect(location.reload).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("waits before trying again when the server cannot be reached, instead of looping", async () => {
    localStorage.setItem("access", tokenExpiringIn(30_000, "soon"));
    localStorage.setItem("refresh", "refresh-1");
    const api = mockApi({ "POST /api/users/token/refresh/": { status: 503, body: { code: "x", message: "нет" } } });
    stop = startTokenRenewal();

    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS - 1);
    await flush();
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(api.calls).toHaveLength(2);
    expect(localStorage.getItem("refresh")).toBe("refresh-1");
  });

  it("does not refresh when another tab already renewed the tokens", async () => {
    localStorage.setItem("access", tokenExpiringIn(120_000, "old"));
    localStorage.setItem("refresh", "refresh-1");
    const api = mockApi({});
    stop = startTokenRenewal();

    // The other tab renews and writes fresh tokens; this tab hears of it through the storage event.
    localStorage.setItem("access", tokenExpiringIn(900_000, "renewed elsewhere"));
    window.dispatchEvent(new StorageEvent("storage", { key: "access" }));
    await vi.advanceTimersByTimeAsync(120_000);
    await flush();

    expect(api.calls).toHaveLength(0);
  });
});
