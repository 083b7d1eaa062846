import { LOGIN_FAILURES_PER_MINUTE } from "@nadoy/contract/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";

// TRUST_PROXY=1 behind a load balancer: the login limit must count the real client, whatever a
// client writes into X-Forwarded-For itself.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "1" });
});
afterAll(() => t.close());

let names = 0;

/** A failed sign-in, each at a name of its own: only the address limit is under test here. */
const failedLogin = (remoteAddress: string, forwardedFor?: string) =>
  t.request({
    method: "POST",
    url: "/api/users/token/",
    payload: { username: `nobody${++names}`, password: "wrong-password" },
    remoteAddress,
    ...(forwardedFor !== undefined && { headers: { "x-forwarded-for": forwardedFor } }),
  });

async function failTenTimes(send: (i: number) => ReturnType<typeof failedLogin>) {
  for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE; i++) expect((await send(i)).statusCode).toBe(401);
}

describe("client addresses with TRUST_PROXY=1", () => {
  it("blocks a client on the internet that names a new address in X-Forwarded-For each time", async () => {
    await failTenTimes((i) => failedLogin("203.0.113.7", `198.51.100.${i + 1}`));

    expect((await failedLogin("203.0.113.7", "198.51.100.200")).statusCode).toBe(429);
  });

  it("counts the clients behind a private proxy apart, by the address the proxy added", async () => {
    await failTenTimes(() => failedLogin("10.9.0.1", "198.51.100.50"));

    expect((await failedLogin("10.9.0.1", "198.51.100.50")).statusCode).toBe(429);
    expect((await failedLogin("10.9.0.1", "198.51.100.51")).statusCode).toBe(401);
  });

  it("ignores the addresses a client put before the one its proxy added", async () => {
    await failTenTimes((i) => failedLogin("10.9.0.2", `192.0.2.${i + 1}, 198.51.100.60`));

    expect((await failedLogin("10.9.0.2", "192.0.2.99, 198.51.100.60")).statusCode).toBe(429);
  });
});
