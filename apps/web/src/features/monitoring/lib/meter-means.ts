import type { MonitoringCatalog } from "@nadoy/contract/monitoring";
import type { PowerMeans } from "@nadoy/contract/monitoring-averages";

// The meter a averages page shows: one meter, or the input meters together (their means summed:
// the input of the site by slot).

export const INPUTS = "inputs";

export interface MeansMeter {
  series_id: number;
  name: string;
  role: "input" | "feeder" | null;
}

/** The choices: «Все вводы» when there is an input meter, then every meter. */
export function meterChoices(meters: readonly MeansMeter[]): { value: string; label: string }[] {
  const inputs = meters.some((m) => m.role === "input") ? [{ value: INPUTS, label: "Все вводы (сумма)" }] : [];
  return [
    ...inputs,
    ...meters.map((m) => ({ value: String(m.series_id), label: m.role === "input" ? `${m.name} (ввод)` : m.name })),
  ];
}

/** The chosen meters of `meters`: the input ones for INPUTS, else the one of that id. */
export function chosenMeters<M extends MeansMeter>(meters: readonly M[], choice: string): M[] {
  return choice === INPUTS
    ? meters.filter((m) => m.role === "input")
    : meters.filter((m) => String(m.series_id) === choice);
}

/** Means summed slot by slot (null where none of them has one); counts are the largest. */
export function sumMeans(list: readonly PowerMeans[], slots: number): PowerMeans {
  const kwh = Array.from({ length: slots }, (_, i) => {
    const values = list.map((m) => m.kwh[i]).filter((v): v is number => v !== null && v !== undefined);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
  });
  const count = Array.from({ length: slots }, (_, i) => Math.max(0, ...list.map((m) => m.count[i] ?? 0)));
  return { kwh, count };
}

/** The default choice: all inputs when there are, else the first meter; "" without meters. */
export const defaultChoice = (meters: readonly MeansMeter[]) => meterChoices(meters)[0]?.value ?? "";

/** The database's energy meters, as the averages pages choose among them. */
export function energyMeters(catalog: MonitoringCatalog): MeansMeter[] {
  return catalog.series
    .filter((s) => s.kind === "energy")
    .map((s) => ({ series_id: s.id, name: s.name, role: s.meter_role }));
}
