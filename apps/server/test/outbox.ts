import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { mailOutbox } from "../src/db/schema/index.ts";

/** The letters written to the outbox for this address, oldest first. */
export async function mailTo(db: Db, address: string) {
  return db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, address.toLowerCase()))
    .orderBy(asc(mailOutbox.id));
}

export async function mailCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return Number(row?.n ?? 0);
}

/** The token of a link `http://nadoy.test/<page>/<token>` in a letter; throws when there is none. */
export function linkToken(text: string, page: "registration-confirm" | "reset-password" | "email-confirm"): string {
  const match = new RegExp(`http://nadoy\\.test/${page}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in the letter:\n${text}`);
  return match[1];
}
