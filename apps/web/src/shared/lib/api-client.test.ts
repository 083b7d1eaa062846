import { ErrorCode } from "@nadoy/contract/errors";
import { defineRoute } from "@nadoy/contract/http";
import { loginRoute, userDataRoute, verifyTokenRoute } from "@nadoy/contract/users";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { mockApi } from "../../test/mock-api.ts";
import { callApi } from "./api-client.ts";
import { ApiRequestError } from "./api-error.ts";
import { setBrowserLocation } from "./browser-location.ts";

const itemRoute = defineRoute({
  method: "GET",
  path: "/api/items/:id/",
  auth: "user",
  params: z.object({ id: z.number() }),
  query: z.object({ tag: z.array(z.string()).optional(), q: z.string().optional() }),
  response: z.object({ id: z.number() }),
});

describe("callApi", () => {
  it("fills path parameters and the query string and sends the bearer token", async () => {
    localStorage.setItem("access", "access-1");
    const api = mockApi({ "GET /api/items/7/": { status: 200, body: { id: 7, extra: "dropped" } } });

    const item = await callApi(itemRoute, { params: { id: 7 }, query: { tag: ["a", "b"], q: undefined } });

    expect(item).toEqual({ id: 7 });
    const [url] = api.fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/items/7/?tag=a&tag=b");
    expect(api.calls[0]?.authorization).toBe("Bearer access-1");
  });

  it("never sends the token to a public route", async () => {
    localStorage.setItem("access", "access-1");
    const api = mockApi({ "POST /api/users/token/": { status: 200, body: { access: "a", refresh: "r" } } });

    await callApi(loginRoute, { body: { username: "u", password: "p" } });

    expect(api.calls[0]?.authorization).toBeNull();
  });

  it("turns the server's error JSON into an ApiRequestError", async () => {
    mockApi({
      "POST /api/users/token/": {
        status: 400,
        body: {
          code: ErrorCode.validation,
          message: "username: слишком длинно",
          fields: { username: "слишком длинно" },
        },
      },
    });

    const error = await callApi(loginRoute, { body: { username: "u", password: "p" } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_error",
      message: "username: слишком длинно",
      fields: { username: "слишком длинно" },
    });
  });

  it("rejects an answer that does not match the response schema", async () => {
    localStorage.setItem("access", "access-1");
    mockApi({ "GET /api/users/data/": { status: 200, body: { id: "not a number" } } });

    await expect(callApi(userDataRoute)).rejects.toMatchObject({ code: "invalid_response" });
  });

  it("reports an unreachable server as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));

    await expect(callApi(loginRoute, { body: { username: "u", password: "p" } })).rejects.toMatchObject({
      status: 0,
      code: "network_error",
    });
  });

  it("runs one refresh for concurrent 401s", async () => {
    localStorage.setItem("access", "access-1");
    localStorage.setItem("refresh", "refresh-1");
    const location = { reload: vi.fn(), assign: vi.fn() };
    setBrowserLocation(location);
    const api = mockApi({
      "GET /api/users/verify_token/": { status: 401, body: { code: "token_not_valid", message: "Требуется вход" } },
      "POST /api/users/token/refresh/": { status: 200, body: { access: "access-2", refresh: "refresh-2" } },
    });

    const results = await Promise.allSettled([callApi(verifyTokenRoute), callApi(verifyTokenRoute)]);

    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(api.calls.filter((call) => call.path === "/api/users/token/refresh/")).toHaveLength(1);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("access")).toBe("access-2");
  });

  it("does not refresh again when another tab renewed the tokens while this one waited for the lock", async () => {
    localStorage.setItem("access", "access-1");
    localStorage.setItem("refresh", "refresh-1");
    const location = { reload: vi.fn(), assign: vi.fn() };
    setBrowserLocation(location);
    // The other tab holds the lock, refreshes and stores its new pair before this tab gets the lock.
    const request = vi.fn(async (_name: string, task: () => Promise<void>) => {
      localStorage.setItem("access", "access-from-other-tab");
      localStorage.setItem("refresh", "refresh-from-other-tab");
      return task();
    });
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    const api = mockApi({
      "GET /api/users/verify_token/": { status: 401, body: { code: "token_not_valid", message: "Требуется вход" } },
    });

    await expect(callApi(verifyTokenRoute)).rejects.toBeInstanceOf(ApiRequestError);

    expect(request).toHaveBeenCalledWith("nadoy-token-refresh", expect.any(Function));
    expect(api.calls.map((call) => call.path)).toEqual(["/api/users/verify_token/"]);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("refresh")).toBe("refresh-from-other-tab");
  });
});
