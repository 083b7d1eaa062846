import type { HerdReportKpi } from "@nadoy/contract/herd-reports";
import type { ReportInput } from "./report-structure.ts";

// ---- A report's KPI card: one shape for every report's cards ----

/** What a card says besides its figures; `drill` is the atom key its drill-down token is made of. */
export interface KpiCardText {
  key: string;
  label: string;
  unit: string;
  better: "higher" | "lower" | null;
  drill: string | null;
  hint: string;
}

/** The period's value against the comparison period's (null without one). */
export function kpiCard(
  input: Pick<ReportInput, "drill">,
  text: KpiCardText,
  value: number | null,
  compareValue: number | null,
): HerdReportKpi {
  return {
    key: text.key,
    label: text.label,
    unit: text.unit,
    value,
    compare_value: compareValue,
    better: text.better,
    drill: text.drill === null ? null : input.drill(text.drill),
    hint: text.hint,
  };
}
