import { ErrorCode } from "@nadoy/contract/errors";
import { HERD_PAGE_SIZE, type HerdAnimalsPage } from "@nadoy/contract/herd";
import {
  HERD_REPORT_TITLES,
  type HerdReport,
  type HerdReportNumber,
  type HerdReportQuery,
} from "@nadoy/contract/herd-reports";
import { displayName } from "@nadoy/contract/users";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { listAnimals } from "../animals.repository.ts";
import { herdDatabaseFor, notFound } from "../herd-access.ts";
import { animalOut } from "../herd-dto.ts";
import { herdToday } from "../herd-today.ts";
import { findSegment } from "../segments/segments.repository.ts";
import { segmentFilter } from "../segments/segments.service.ts";
import { type Drill, decodeDrill, encodeDrill } from "./drill-token.ts";
import { keySql } from "./report-atoms.ts";
import { createBenchmarks } from "./report-benchmarks.ts";
import { calvings } from "./report-calvings.ts";
import { culling } from "./report-culling.ts";
import { dryPeriod } from "./report-dry.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { health } from "./report-health.ts";
import { milk } from "./report-milk.ts";
import { periodOf } from "./report-period.ts";
import { reproduction } from "./report-repro.ts";
import { herdStructure, type ReportBody, type ReportInput } from "./report-structure.ts";
import { reportXlsx } from "./report-xlsx.ts";

// Native herd reports (contract herd-reports.ts): the period and comparison, the filters as one
// condition, the report's figures with drill tokens, and the animals behind a token.

type Filters = Pick<Drill, "s" | "r" | "lg" | "p">;

/**
 * The report's filters over the animals as one condition: a segment (saved or typed) and a pen.
 * The pen is the animal's pen today: the herd tables keep no pen history (an event has no pen of
 * its own). The lactation group is not an animal's: it goes into the context (AtomContext.lg) and
 * each report tests it on its rows' own lactation (lactIn).
 */
async function filtersSql(db: Db, databaseId: number, caller: AuthUser, f: Filters, today: string): Promise<SQL> {
  const parts: SQL[] = [];
  const segment = await segmentFilter(db, databaseId, caller.id, { segment: f.s, rule: f.r }, today, {
    reportFilter: true,
  });
  if (segment) parts.push(segment);
  if (f.p) parts.push(sql`a.pen = ${f.p}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

const BUILDERS: Record<HerdReportNumber, (input: ReportInput) => Promise<ReportBody>> = {
  1: herdStructure,
  2: milk,
  4: reproduction,
  5: culling,
  6: calvings,
  7: health,
  8: dryPeriod,
};

export function createReportService(db: Db, now: () => Date = () => new Date()) {
  const benchmarks = createBenchmarks(db, now);
  return {
    async report(caller: AuthUser, dbUuid: string, n: HerdReportNumber, query: HerdReportQuery): Promise<HerdReport> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const build = BUILDERS[n];
      if (!build) throw notFound();
      const today = herdToday(now());
      const { from, to, compare } = periodOf(query, today);
      const filters: Filters = {
        ...(query.segment && { s: query.segment }),
        ...(query.rule !== undefined && { r: query.rule }),
        ...(query.lact_group && { lg: query.lact_group }),
        ...(query.pen && { p: query.pen }),
      };
      const base = await filtersSql(db, database.id, caller, filters, today);
      const body = await build({
        db,
        databaseId: database.id,
        base,
        whole: Object.keys(filters).length === 0,
        ctx: { today, from, to, lg: filters.lg },
        compare,
        drill: (key) => encodeDrill({ n, k: key, f: from, t: to, ...filters }),
      });
      // The farms' spread is of whole herds: a filtered report's figures are not held against it.
      const kpis =
        Object.keys(filters).length === 0
          ? await benchmarks.withBands(n, build, { today, from, to }, body.kpis)
          : body.kpis;
      return { report: n, title: HERD_REPORT_TITLES[n], period: { from, to }, compare, today, ...body, kpis };
    },

    /** The same report as an XLSX file, with the parameters that made it. */
    async export(caller: AuthUser, dbUuid: string, n: HerdReportNumber, query: HerdReportQuery) {
      const shown = await this.report(caller, dbUuid, n, query);
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const segment = query.segment ? await findSegment(db, database.id, caller.id, query.segment) : undefined;
      const [person] = await queryRows<{ username: string; first_name: string; last_name: string }>(
        db,
        sql`select username, first_name, last_name from users where id = ${caller.id}`,
      );
      const body = await reportXlsx(shown, {
        database: database.name,
        query,
        segmentName: segment?.name ?? null,
        generatedBy: person ? displayName(person) : "",
        generatedAt: now(),
      });
      return { body, name: `${shown.title} — ${database.name}.xlsx` };
    },

    async animals(
      caller: AuthUser,
      dbUuid: string,
      n: HerdReportNumber,
      token: string,
      page: number,
    ): Promise<HerdAnimalsPage> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      const drill = decodeDrill(token);
      if (drill.n !== n) throw new ApiError(400, ErrorCode.validation, "Ссылка на расшифровку — из другого отчёта.");
      const today = herdToday(now());
      // The atoms read the report facts, as the figures did.
      await ensureReportFacts(db, database.id);
      const base = await filtersSql(db, database.id, caller, drill, today);
      const condition = sql`${base} and ${keySql(drill.k, { today, from: drill.f, to: drill.t, lg: drill.lg })}`;
      const found = await listAnimals(
        db,
        database.id,
        { page },
        today,
        { limit: HERD_PAGE_SIZE, offset: (page - 1) * HERD_PAGE_SIZE },
        condition,
      );
      return { total: found.total, page, page_size: HERD_PAGE_SIZE, items: found.items.map(animalOut) };
    },
  };
}
