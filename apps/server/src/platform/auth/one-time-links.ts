import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { oneTimeTokens } from "../../db/schema/index.ts";
import { newSecret, sha256 } from "./opaque-token.ts";

// Mailed one-time links (registration confirmation, password reset). The auth feature takes them
// back; the admins' "set your password" letters create password_reset ones, so that the same reset
// page and route finish both.

export type OneTimeKind = "registration_confirm" | "password_reset";

/** A new secret for this user and kind, stored as its sha256; older unused links of the kind are retired. */
export async function createOneTimeLink(tx: Db, userId: number, kind: OneTimeKind, ttlMs: number): Promise<string> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
  const token = newSecret();
  await tx.insert(oneTimeTokens).values({
    userId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The web page that takes a password_reset token and asks for the new password. */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}
