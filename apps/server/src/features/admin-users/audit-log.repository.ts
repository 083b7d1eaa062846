import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";

export interface AuditFilter {
  userId: number | undefined;
  action: string | undefined;
  /** Inclusive lower and exclusive upper bound of `at`. */
  from: Date | undefined;
  until: Date | undefined;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(auditLog.userId, filter.userId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.until === undefined ? undefined : lt(auditLog.at, filter.until),
  );
}

/** Newest first (audit_log_user_at_idx / audit_log_action_at_idx serve the filtered pages), with who did it. */
export async function listAudit(db: Db, filter: AuditFilter, limit: number, offset: number) {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        ip: auditLog.ip,
        details: auditLog.details,
        userId: auditLog.userId,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
