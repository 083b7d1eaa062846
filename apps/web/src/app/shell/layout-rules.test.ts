import { describe, expect, it } from "vitest";
import { type LayoutDecision, layoutFor } from "./layout-rules.ts";

const full: LayoutDecision = { layout: "full", footer: false };
const shell: LayoutDecision = { layout: "shell", footer: true };
const shellNoFooter: LayoutDecision = { layout: "shell", footer: false };
const none: LayoutDecision = { layout: "none", footer: false };

/** Spec §2 "Layout rules", each listed path and its variants. */
const CASES: [path: string, expected: LayoutDecision][] = [
  // Full page: the exact paths
  ["/login", full],
  ["/register", full],
  ["/404", full],
  ["/500", full],
  ["/reset-password/abc123", full],
  ["/submit-email", full],
  ["/logout", full],
  ["/token-confirm", full],
  ["/terms-of-service", full],
  ["/personal-data-agreement", full],
  ["/changelog", full],
  ["/yandex/token/redirect", full],
  ["/constructor", full],
  ["/form", full],
  // ... with a trailing slash, as the router treats them alike
  ["/login/", full],
  ["/changelog/", full],
  // Full page: reset-password, registration-confirm, email-confirm, constructor, form followed by a segment
  ["/reset-password/token-1/", full],
  ["/registration-confirm/token-2", full],
  ["/email-confirm/token-3", full],
  ["/constructor/c1", full],
  ["/form/3f2a-uuid", full],
  ["/form/3f2a-uuid/preview", full],
  // ... but not without the segment, nor a longer name that only starts alike
  ["/registration-confirm", shell],
  ["/forms", shell],
  ["/format/1", shell],
  ["/login-help", shell],
  // Paths under /api render nothing
  ["/api", none],
  ["/api/", none],
  ["/api/users/data/", none],
  ["/api/unknown", none],
  // The shell, with its footer
  ["/", shell],
  ["/reports", shell],
  ["/news/7", shell],
  ["/boards", shell],
  ["/lists/abc", shell],
  ["/services/tables", shell],
  ["/services/plan_fact/u1", shell],
  ["/userprofile/settings", shell],
  ["/admin", shell],
  ["/no/such/page", shell],
  // No footer: report, plan-fact report, farm audit, monitoring, tasks, chat
  ["/report/15", shellNoFooter],
  ["/services/report/1/db1", shellNoFooter],
  ["/services/report/8/db1", shellNoFooter],
  ["/services/report/plan_fact_report/u1", shellNoFooter],
  ["/services/report/plan_fact_report/u1/seg", shellNoFooter],
  ["/services/farm_audit/f1/2026-11-01", shellNoFooter],
  ["/equipment_monitoring/monitoring_report/db1", shellNoFooter],
  ["/equipment_monitoring/monitoring_report_discrete/db1", shellNoFooter],
  ["/equipment_monitoring/power_monitoring/demo", shellNoFooter],
  ["/equipment_monitoring/power_monitoring/hours/db1", shellNoFooter],
  ["/tasks/t1", shellNoFooter],
  ["/chat", shellNoFooter],
  ["/chat/c1", shellNoFooter],
];

describe("layoutFor (spec §2 layout rules)", () => {
  it.each(CASES)("%s", (path, expected) => {
    expect(layoutFor(path)).toEqual(expected);
  });
});
