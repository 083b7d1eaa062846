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
