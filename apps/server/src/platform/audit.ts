import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";

export type AuditAction =
  | "login"
  | "login_failed"
  | "logout"
  | "refresh_reuse"
  | "register"
  | "registration_email_taken"
  | "registration_confirmed"
  | "password_reset_requested"
  | "password_reset"
  | "yandex_login"
  | "profile_updated"
  | "email_changed"
  | "email_change_requested"
  | "email_change_failed"
  | "unconfirmed_email_released"
  | "password_changed"
  | "password_change_failed"
  // Content editors (issue 6): details hold {id, before, after} of what changed.
  | "news_created"
  | "news_updated"
  | "news_deleted"
  | "news_published"
  | "content_image_uploaded"
  | "notification_sent"
  | "announcement_set"
  | "announcement_cleared"
  // Admins (issue 6): details hold {id, before, after}.
  | "user_created"
  | "user_updated"
  | "user_deactivated"
  | "user_activated"
  | "user_password_reset_sent"
  | "user_access_updated"
  // Editors: instructions; admins: businesses, farms, databases, DTM entries, reports, iframe groups.
  | "instruction_created"
  | "instruction_updated"
  | "instruction_deleted"
  | "instructions_reordered"
  | "business_created"
  | "business_updated"
  | "business_deleted"
  | "farm_created"
  | "farm_updated"
  | "farm_deleted"
  | "database_created"
  | "database_updated"
  | "dtm_created"
  | "dtm_updated"
  | "dtm_deleted"
  | "report_created"
  | "report_updated"
  | "report_deleted"
  | "iframe_group_created"
  | "iframe_group_updated"
  | "iframe_group_deleted"
  // The key generator (contract keys.ts): details hold {key_id, …}, never the secret.
  | "api_key_created"
  | "api_key_revoked";

export async function audit(
  db: Db,
  entry: { action: AuditAction; userId?: number | null; ip?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    userId: entry.userId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
