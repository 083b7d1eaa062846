// The pages under /admin/<page> (besides the index, whose list of sections is
// shared/routes/admin-sections.ts).

/**
 * What AdminPage shows for a page: this feature's users, roles and audit log, or "external" — a
 * page of another feature (business users, reports, report groups) that the app routes in.
 * "planned" is a page announced but not built yet.
 */
export type AdminSubpageKind = "users" | "roles" | "audit" | "external" | "planned";

export const ADMIN_SUBPAGES: Readonly<
  Record<"manage_user" | "manage_roles" | "audit" | "business_users" | "reports" | "iframe_groups", AdminSubpageKind>
> = {
  manage_user: "users",
  manage_roles: "roles",
  audit: "audit",
  business_users: "external",
  reports: "external",
  iframe_groups: "external",
};
