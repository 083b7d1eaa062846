/**
 * Spec §2 "Layout rules" as one pure function of the path:
 * - "full": a page of its own, without navbar, side menu or footer;
 * - "none": nothing at all (paths under /api are the server's, never the app's);
 * - "shell": navbar, side menu, breadcrumbs and — except on the wide data pages — the footer.
 */
export type LayoutKind = "full" | "shell" | "none";

export interface LayoutDecision {
  layout: LayoutKind;
  footer: boolean;
}

/** The exact paths of spec §2 that take the full-page layout. */
export const FULL_PAGE_PATHS: readonly string[] = [
  "/login",
  "/register",
  "/404",
  "/500",
  "/submit-email",
  "/logout",
  "/token-confirm",
  "/terms-of-service",
  "/personal-data-agreement",
  "/changelog",
  "/yandex/token/redirect",
  "/constructor",
  "/form",
];

/** These, followed by a segment (/reset-password/{token}, /form/{uuid} ...), take it too. */
export const FULL_PAGE_PREFIXES: readonly string[] = [
  "reset-password",
  "registration-confirm",
  "email-confirm",
  "constructor",
  "form",
];

/** Report, plan-fact report, farm audit, monitoring, tasks and chat pages have no footer. */
const NO_FOOTER: readonly RegExp[] = [
  /^\/report\/./,
  /^\/services\/report\/./, // native reports 1–8 and /services/report/plan_fact_report/...
  /^\/services\/farm_audit\/./,
  /^\/equipment_monitoring\/./,
  /^\/tasks\/./,
  /^\/chat(\/|$)/,
];

const FULL_PAGE_WITH_SEGMENT = new RegExp(`^/(${FULL_PAGE_PREFIXES.join("|")})/[^/]+`);

/** "/login/" and "/login" are the same page to the router: compare without trailing slashes. */
function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function layoutFor(pathname: string): LayoutDecision {
  if (pathname.startsWith("/api")) return { layout: "none", footer: false };
  const path = normalise(pathname);
  if (FULL_PAGE_PATHS.includes(path) || FULL_PAGE_WITH_SEGMENT.test(path)) return { layout: "full", footer: false };
  return { layout: "shell", footer: !NO_FOOTER.some((pattern) => pattern.test(path)) };
}
