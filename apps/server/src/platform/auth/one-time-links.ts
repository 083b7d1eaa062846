import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { oneTimeTokens } from "../../db/schema/index.ts";
import { newSecret, sha256 } from "./opaque-token.ts";

// Mailed one-time links (registration confirmation, password reset, email change). The auth feature
// takes them back; the admins' "set your password" letters create password_reset ones, so that the
// same reset page and route finish both. An email_change link carries the new address it was sent to.

export type OneTimeKind = "registration_confirm" | "password_reset" | "email_change";

/**
 * A new secret for this user and kind, stored as its sha256; older unused links of the kind are
 * retired (so at most one email change waits per user). `email`: the address an email_change
 * link confirms.
 */
export async function createOneTimeLink(
  tx: Db,
  userId: number,
  kind: OneTimeKind,
  ttlMs: number,
  email: string | null = null,
): Promise<string> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
  const token = newSecret();
  await tx.insert(oneTimeTokens).values({
    userId,
    kind,
    tokenHash: sha256(token),
    email,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The web page that takes an email_change token and confirms the new address. */
export function emailChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/email-confirm/${token}`;
}

/** The web page that takes a password_reset token and asks for the new password. */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

/** The address a waiting email change (unused, unexpired email_change link) would set, or null. */
export async function pendingEmailChange(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, "email_change"),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row?.email ?? null;
}
