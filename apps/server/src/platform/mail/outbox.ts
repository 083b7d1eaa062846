import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Written in the caller's transaction: the mail exists exactly when the change that caused it does. */
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await tx.insert(mailOutbox).values(mail);
}

const MAX_ATTEMPTS = 5;

/** Pending mail, oldest first; rows locked so that two instances never send the same letter. */
export async function claimPending(tx: Db, limit: number) {
  return tx
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markSent(tx: Db, id: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id));
}

export async function markFailed(tx: Db, id: number, error: string): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error.slice(0, 2000) })
    .where(eq(mailOutbox.id, id));
}
