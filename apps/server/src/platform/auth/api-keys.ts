import { createHash, randomBytes } from "node:crypto";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { KEY_AUTH_SCHEME, KEY_SECRET_PREFIX, type KeyScope } from "@nadoy/contract/keys";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiKeys, userDatabases, users } from "../../db/schema/index.ts";
import { ApiError } from "../errors.ts";
import type { AuthUser } from "./guard.ts";

// Generated keys (contract keys.ts): made by features/keys, checked here for every route whose
// contract auth is { key: scope } (platform/routes.ts), so that monitoring and herd routes share
// one verifier without importing the keys feature.
//
// Only sha256(secret) is stored. A password needs a slow, salted hash because people pick guessable
// ones; a key is 32 random bytes (256 bits) made by the server, so no dictionary or precomputed
// table covers it and one fast hash is as strong as a slow one — and lets a key be found by its
// hash through a unique index, in one lookup per call.

const SECRET_BYTES = 32;
/** ndk_ and 4 characters of the secret: enough to tell keys apart in the list, useless to guess. */
const HINT_LENGTH = KEY_SECRET_PREFIX.length + 4;

export const hashKeySecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new secret, its hash and its hint. */
export function newKeySecret(): { secret: string; hash: string; hint: string } {
  const secret = KEY_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64url");
  return { secret, hash: hashKeySecret(secret), hint: secret.slice(0, HINT_LENGTH) };
}

/** The key a call was made with, as handlers see it. */
export interface KeyCaller {
  id: number;
  uuid: string;
  scope: KeyScope;
  databaseId: number;
  databaseUuid: string;
  dtmCode: string | null;
  /** Who made it (null once that user is deleted): a herd upload is made in their name. */
  createdById: number | null;
}

const refuse = (status: 401 | 403, code: string, message: string) => new ApiError(status, code, message);

/** The secret of an `Authorization: Key <secret>` header, or null for any other header. */
export function keySecretOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match || match[1]?.toLowerCase() !== KEY_AUTH_SCHEME.toLowerCase()) return null;
  return match[2] ?? null;
}

/**
 * The key of `header` if it may be used for `scope` now: 401 {code, message} for a missing,
 * unknown, revoked or expired key, 403 for another scope. A key that passes has its last use
 * (time, address) recorded. One lookup by the hash's unique index, one update.
 */
export async function authenticateKey(
  db: Db,
  header: string | undefined,
  scope: KeyScope,
  ip: string,
  now = new Date(),
): Promise<KeyCaller> {
  const secret = keySecretOf(header);
  if (!secret) throw refuse(401, ErrorCode.keyInvalid, ErrorText.keyMissing);
  const [key] = await db
    .select({
      id: apiKeys.id,
      uuid: apiKeys.uuid,
      scope: apiKeys.scope,
      databaseId: apiKeys.databaseId,
      databaseUuid: userDatabases.uuid,
      dtmCode: apiKeys.dtmCode,
      createdById: apiKeys.createdById,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(userDatabases, eq(userDatabases.id, apiKeys.databaseId))
    .where(eq(apiKeys.secretHash, hashKeySecret(secret)));
  if (!key) throw refuse(401, ErrorCode.keyInvalid, ErrorText.keyInvalid);
  if (key.revokedAt) throw refuse(401, ErrorCode.keyRevoked, ErrorText.keyRevoked);
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) {
    throw refuse(401, ErrorCode.keyExpired, ErrorText.keyExpired);
  }
  if (key.scope !== scope) throw refuse(403, ErrorCode.keyWrongScope, ErrorText.keyWrongScope);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip.slice(0, 64) })
    .where(eq(apiKeys.id, key.id));
  const { expiresAt: _expires, revokedAt: _revoked, ...caller } = key;
  return caller;
}

/**
 * The user a key acts for (its creator) with their rights now: a key never does more than its
 * creator still may (a creator who left the company, lost the database or was deactivated leaves
 * the key unable to write). Undefined when the creator is gone or inactive.
 */
export async function keyActor(db: Db, key: KeyCaller): Promise<AuthUser | undefined> {
  if (key.createdById === null) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      isSuperuser: users.isSuperuser,
      boards: users.boardsEnabled,
      tableLists: users.tableListsEnabled,
      tables: users.tablesEnabled,
      // Spelt out with their tables: drizzle may leave them off inside a one-table select.
      groups: sql<number[]>`coalesce((select array_agg("ug"."group_id" order by "ug"."position")
        from "user_groups" "ug" where "ug"."user_id" = "users"."id"), '{}')`,
    })
    .from(users)
    .where(eq(users.id, key.createdById));
  if (!row?.isActive) return undefined;
  return {
    id: row.id,
    isSuperuser: row.isSuperuser,
    groups: row.groups.map(Number),
    sessionId: `key:${key.uuid}`,
    modules: { boards: row.boards, tableLists: row.tableLists, tables: row.tables },
  };
}
