import { ROLE_IDS } from "@nadoy/contract/roles";
import { refreshTokenFamilies } from "../src/db/schema/index.ts";
import { seedUser } from "../src/db/seed/users.ts";
import type { TestApp } from "./test-app.ts";

/** The rows of every role matrix: no token, each role 1–7, and a superuser with no role. */
export const CALLER_LABELS = [
  "anonymous",
  "role 1",
  "role 2",
  "role 3",
  "role 4",
  "role 5",
  "role 6",
  "role 7",
  "superuser",
] as const;
export type CallerLabel = (typeof CALLER_LABELS)[number];

export interface Caller {
  label: CallerLabel;
  /** Undefined for the anonymous caller. */
  token: string | undefined;
  userId: number | undefined;
}

/** An access token of a new session of this user, minted directly (no argon2 sign-in per caller). */
export async function accessTokenFor(t: TestApp, userId: number): Promise<string> {
  const [family] = await t.database.db.insert(refreshTokenFamilies).values({ userId }).returning();
  if (!family) throw new Error("family insert returned nothing");
  return t.app.jwt.sign({ sub: String(userId), sid: family.id, typ: "access" }, { expiresIn: 900 });
}

/** One user per role (role N has only group N), a superuser without groups, each signed in. */
export async function createCallers(t: TestApp): Promise<Caller[]> {
  const callers: Caller[] = [{ label: "anonymous", token: undefined, userId: undefined }];
  for (const role of ROLE_IDS) {
    const user = await seedUser(t.database.db, {
      username: `role${role}`,
      email: `role${role}@example.com`,
      roles: [role],
    });
    callers.push({ label: `role ${role}` as CallerLabel, token: await accessTokenFor(t, user.id), userId: user.id });
  }
  const superuser = await seedUser(t.database.db, {
    username: "superuser",
    email: "superuser@example.com",
    isSuperuser: true,
  });
  callers.push({ label: "superuser", token: await accessTokenFor(t, superuser.id), userId: superuser.id });
  return callers;
}

/** What each caller got: `{ anonymous: 401, "role 1": 200, ... }`. */
export async function statusByCaller(
  callers: Caller[],
  call: (caller: Caller) => Promise<number>,
): Promise<Record<CallerLabel, number>> {
  const result: Partial<Record<CallerLabel, number>> = {};
  for (const caller of callers) result[caller.label] = await call(caller);
  return result as Record<CallerLabel, number>;
}

/** The expected matrix: `signedIn` for every signed-in caller, 401 for anonymous, with exceptions. */
export function expectedStatuses(
  signedIn: number,
  exceptions: Partial<Record<CallerLabel, number>> = {},
): Record<CallerLabel, number> {
  const result = Object.fromEntries(CALLER_LABELS.map((label) => [label, signedIn])) as Record<CallerLabel, number>;
  result.anonymous = 401;
  return { ...result, ...exceptions };
}
