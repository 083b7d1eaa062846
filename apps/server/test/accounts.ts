import type { TokenPair } from "@nadoy/contract/users";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { type SeedUserInput, seedUser } from "../src/db/seed/users.ts";
import { hashPassword } from "../src/platform/auth/passwords.ts";
import type { TestApp } from "./test-app.ts";

const hashes = new Map<string, Promise<string>>();

/** seedUser, but each distinct password is hashed once per worker (argon2 costs ~50 ms a hash). */
export async function createAccount(db: Db, input: SeedUserInput) {
  const { password, ...rest } = input;
  const user = await seedUser(db, rest);
  if (password === undefined) return user;
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  await db
    .update(users)
    .set({ passwordHash: await hash })
    .where(eq(users.id, user.id));
  return user;
}

/** Signs in through the API; fails the test with the server's answer when that is not 200. */
export async function signIn(t: TestApp, username: string, password: string): Promise<TokenPair> {
  const res = await t.request({ method: "POST", url: "/api/users/token/", payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
  return res.json<TokenPair>();
}

/** The status of GET users/verify_token/ with this access token: 200 while the session is open. */
export async function verifyStatus(t: TestApp, access: string): Promise<number> {
  const res = await t.request({ method: "GET", url: "/api/users/verify_token/", token: access });
  return res.statusCode;
}

/** The status of POST users/token/refresh/ with this refresh token, and the new pair when 200. */
export async function refreshWith(t: TestApp, refresh: string) {
  const res = await t.request({ method: "POST", url: "/api/users/token/refresh/", payload: { refresh } });
  return { status: res.statusCode, body: res.json() };
}
