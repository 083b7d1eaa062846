import { HERD_BENCHMARK_MIN_FARMS, type HerdReportKpi } from "@nadoy/contract/herd-reports";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import type { AtomContext } from "./report-atoms.ts";
import type { ReportBody, ReportInput } from "./report-structure.ts";

// ---- Benchmarks (issue 18 item 3): each figure of a report against the same figure of every herd
// database we hold, for the same period and without filters: only the quartiles and the number of
// farms leave this file, never a farm's name or value ----
//
// A farm's figures come from the report's own builder (the same definitions); a band is kept for
// an hour per report and period, so a report page costs the other farms' figures once an hour.

export type Band = NonNullable<HerdReportKpi["band"]>;
type Builder = (input: ReportInput) => Promise<ReportBody>;

const KEEP_MS = 60 * 60 * 1000;
/** Distinct (report, period) pairs kept at once; the oldest goes first. */
const KEEP_MAX = 200;

/** The q-quantile of sorted values, interpolated between order statistics (PostgreSQL's percentile_cont). */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] ?? Number.NaN;
  const high = sorted[Math.ceil(at)] ?? Number.NaN;
  return Math.round((low + (high - low) * (at - Math.floor(at))) * 100) / 100;
}

/** Figures that are not counts of animals (those follow the herd's size): rates and averages. */
const comparable = (kpi: HerdReportKpi) => kpi.drill === null && kpi.value !== null;

export function createBenchmarks(db: Db, now: () => Date) {
  const kept = new Map<string, { at: number; bands: Promise<Map<string, Band>> }>();

  async function compute(build: Builder, ctx: AtomContext): Promise<Map<string, Band>> {
    const farms = await queryRows<{ id: number }>(
      db,
      sql`select d.id from user_databases d
          where d.kind = 'herd' and d.active and exists (select 1 from herd_animals a where a.database_id = d.id)
          order by d.id`,
    );
    const values = new Map<string, number[]>();
    // One farm at a time: the other farms' figures never take more than one connection.
    for (const farm of farms) {
      const body = await build({
        db,
        databaseId: farm.id,
        base: sql`true`,
        whole: true,
        ctx,
        compare: null,
        drill: () => "",
      });
      for (const kpi of body.kpis.filter(comparable)) {
        const list = values.get(kpi.key) ?? [];
        list.push(kpi.value as number);
        values.set(kpi.key, list);
      }
    }
    const bands = new Map<string, Band>();
    for (const [key, list] of values) {
      if (list.length < HERD_BENCHMARK_MIN_FARMS) continue;
      const sorted = list.sort((a, b) => a - b);
      bands.set(key, {
        q1: quantile(sorted, 0.25),
        median: quantile(sorted, 0.5),
        q3: quantile(sorted, 0.75),
        farms: sorted.length,
      });
    }
    return bands;
  }

  return {
    /** The report's comparable figures with their band, where there is one. */
    async withBands(n: number, build: Builder, ctx: AtomContext, kpis: HerdReportKpi[]): Promise<HerdReportKpi[]> {
      const key = `${n}|${ctx.from}|${ctx.to}|${ctx.today}`;
      const at = now().getTime();
      let entry = kept.get(key);
      if (!entry || at - entry.at > KEEP_MS) {
        if (kept.size >= KEEP_MAX) kept.delete(kept.keys().next().value as string);
        entry = { at, bands: compute(build, ctx) };
        kept.set(key, entry);
        // A failure is not kept: the next report asks again.
        entry.bands.catch(() => kept.delete(key));
      }
      const bands = await entry.bands.catch(() => new Map<string, Band>());
      return kpis.map((kpi) => {
        const band = comparable(kpi) ? bands.get(kpi.key) : undefined;
        return band ? { ...kpi, band } : kpi;
      });
    },
  };
}
