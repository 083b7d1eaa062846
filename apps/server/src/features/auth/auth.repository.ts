import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { oneTimeTokens, refreshTokenFamilies, refreshTokens, users } from "../../db/schema/index.ts";

const lower = (column: typeof users.username | typeof users.email) => sql`lower(${column})`;

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(lower(users.username), username.toLowerCase()));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isActive: users.isActive,
      username: users.username,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(lower(users.email), email.toLowerCase()));
  return row;
}

export async function findUserByYandexId(db: Db, yandexId: string) {
  const [row] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.yandexId, yandexId));
  return row;
}

export async function findUserForPasswordChange(db: Db, userId: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The user row locked until the transaction ends: an email change and its confirmation go one at a time. */
export async function lockUserForEmailChange(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, username: users.username, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** When the session (refresh-token family) began, i.e. when its sign-in happened. */
export async function sessionStartedAt(db: Db, familyId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: refreshTokenFamilies.createdAt })
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, familyId));
  return row?.createdAt;
}

/** Whether another user holds this address confirmed (any letter case). Unconfirmed holders do not count. */
export async function emailConfirmedByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(lower(users.email), email.toLowerCase()),
        ne(users.id, userId),
        sql`${users.emailConfirmedAt} is not null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Takes the address away from accounts that hold it without ever having proven it (a registration
 * never confirmed, or an address set without confirmation before email changes needed one), when
 * its owner has just proven it. Their unused mailed links are retired, so that a registration
 * link sent to the owner cannot later switch on somebody else's account. Returns them.
 */
export async function releaseUnconfirmedEmail(db: Db, email: string, exceptUserId?: number) {
  const holders = await db
    .update(users)
    .set({ email: "" })
    .where(
      and(
        eq(lower(users.email), email.toLowerCase()),
        isNull(users.emailConfirmedAt),
        ...(exceptUserId === undefined ? [] : [ne(users.id, exceptUserId)]),
      ),
    )
    .returning({ id: users.id, username: users.username });
  if (holders.length > 0) {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          inArray(
            oneTimeTokens.userId,
            holders.map((h) => h.id),
          ),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  }
  return holders;
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(lower(users.username), username.toLowerCase()));
  return row !== undefined;
}

export async function insertUser(
  db: Db,
  values: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    isActive: boolean;
    emailConfirmedAt: Date | null;
    yandexId?: string;
  },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<{
    passwordHash: string;
    isActive: boolean;
    yandexId: string;
    lastLoginAt: Date;
    email: string;
    emailConfirmedAt: Date;
  }>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * The address is proven: a registration waiting for it becomes active. An account that was
 * confirmed before and is inactive now was disabled on purpose, and stays so.
 */
export async function confirmEmail(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ isActive: true, emailConfirmedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

// ---- refresh-token families ----

export async function createFamily(db: Db, userId: number): Promise<string> {
  const [row] = await db.insert(refreshTokenFamilies).values({ userId }).returning({ id: refreshTokenFamilies.id });
  if (!row) throw new Error("family insert returned nothing");
  return row.id;
}

export async function insertRefreshToken(
  db: Db,
  familyId: string,
  secretHash: string,
  expiresAt: Date,
): Promise<string> {
  const [row] = await db
    .insert(refreshTokens)
    .values({ familyId, secretHash, expiresAt })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error("refresh token insert returned nothing");
  return row.id;
}

/** The token with its family and user, locked until the transaction ends (rotation is one-at-a-time). */
export async function lockRefreshToken(db: Db, tokenId: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      secretHash: refreshTokens.secretHash,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      familyId: refreshTokens.familyId,
      familyRevokedAt: refreshTokenFamilies.revokedAt,
      userId: refreshTokenFamilies.userId,
      userActive: users.isActive,
    })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(eq(refreshTokens.id, tokenId))
    .for("update", { of: [refreshTokens, refreshTokenFamilies] });
  return row;
}

export async function markRefreshTokenUsed(db: Db, tokenId: string): Promise<void> {
  await db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, tokenId));
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

export async function revokeAllFamilies(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}

/** Signs out every session of a user but one (a password change keeps the caller's). */
export async function revokeOtherFamilies(db: Db, userId: number, keepFamilyId: string, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        ne(refreshTokenFamilies.id, keepFamilyId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    );
}

// ---- one-time tokens (mailed links; created by platform/auth/one-time-links.ts) ----

/** A token is used once: the row is locked so that two clicks cannot both succeed. */
export async function lockOneTimeToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, tokenHash)).for("update");
  return row;
}

export async function markOneTimeTokenUsed(db: Db, id: number): Promise<void> {
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, id));
}
