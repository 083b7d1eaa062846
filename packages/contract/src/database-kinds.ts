import { z } from "zod";

// What a user database holds (DOMAIN.md "Tenancy", "Equipment and power monitoring", "1C parser"):
// its kind decides which per-database menus and pages it is offered for — herd reports for herd
// data, monitoring for equipment monitoring, the 1C parser for accounting. The admin picks it in
// the database dialog.

export const DATABASE_KINDS = ["herd", "monitoring", "accounting"] as const;
export const databaseKindSchema = z.enum(DATABASE_KINDS);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** Russian names of the kinds, as the admin picks them. */
export const DATABASE_KIND_LABELS: Record<DatabaseKind, string> = {
  herd: "Данные стада",
  monitoring: "Мониторинг оборудования",
  accounting: "Бухгалтерия (1С)",
};

/** A database of each kind, as said after «Эта база —». */
const DATABASE_KIND_IN_TEXT: Record<DatabaseKind, string> = {
  herd: "данные стада",
  monitoring: "мониторинг оборудования",
  accounting: "бухгалтерия (1С)",
};

/** The pages of each database kind, and that a database of another kind has none. */
const DATABASE_KIND_PAGES: Record<DatabaseKind, string> = {
  herd: "отчёты по стаду для неё недоступны",
  monitoring: "мониторинг оборудования для неё недоступен",
  accounting: "загрузка из 1С для неё недоступна",
};

/**
 * A page for databases of kind `wanted` opened for a database of kind `actual`:
 * «Эта база — мониторинг оборудования: отчёты по стаду для неё недоступны». Here rather than in
 * errors.ts so the web app's check does not pull the error catalogue; a server route scoped to a
 * database kind answers a wrong one with this text too.
 */
export function wrongDatabaseKindText(actual: DatabaseKind, wanted: DatabaseKind): string {
  return `Эта база — ${DATABASE_KIND_IN_TEXT[actual]}: ${DATABASE_KIND_PAGES[wanted]}`;
}
