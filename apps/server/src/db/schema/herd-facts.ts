import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { userDatabases } from "./companies.ts";

// Facts derived from a herd database's events and lactations (HERD.md "Reproduction"), so that a
// report reads a period's facts instead of walking every cow's history on each request. An
// upload's commit marks them out of date (deletes the database's herd_facts_state row); the next
// report writes them again whole (features/herd/reports/report-facts.ts), as it does when the
// database's VWP setting is no longer the one they were written for (the cow-cycles hang on it).
// No foreign keys: a check per row would double the cost of writing them; a database's deletion
// deletes its facts by a trigger (migration 0026), and an animal is deleted only with its database.

/**
 * A service (BRED) of a cow with its number in the lactation, its DIM and its result, read from
 * the cow's next reproductive event: 'preg' (PREG or ABORT next, or a FRESH at least 260 days
 * later), 'open' (OPEN or another BRED next), null (not known yet).
 */
export const herdServices = pgTable(
  "herd_services",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    /** herd_events.id of the BRED. */
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    eventDate: date("event_date").notNull(),
    /** The fresh date of the service's lactation; null when the lactation is not recorded. */
    freshDate: date("fresh_date"),
    n: integer("n").notNull(),
    dim: integer("dim"),
    result: text("result"),
    technician: text("technician").notNull(),
    sire: text("sire").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.eventId] }),
    index("herd_services_date_idx").on(t.databaseId, t.eventDate),
    check("herd_services_result", sql`result is null or result in ('preg', 'open')`),
  ],
);

/**
 * A span of days a cow is open in a lactation: from its calving or an abortion (s) to her next
 * conception (its day included), the next abortion or the lactation's end, whichever is first
 * (e, exclusive; null while none of them has happened). lact_end: the next calving, the exit or
 * the lactation's first DNB, whichever is first (null while none has happened).
 */
export const herdOpenSpans = pgTable(
  "herd_open_spans",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    span: integer("span").notNull(),
    freshDate: date("fresh_date").notNull(),
    s: date("s").notNull(),
    e: date("e"),
    lactEnd: date("lact_end"),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.lact, t.span] }),
    // The spans of the lactations still going, which a report makes cycles of as it reads.
    index("herd_open_spans_going_idx").on(t.databaseId, t.animalId).where(sql`lact_end is null`),
  ],
);

/** A cow-cycle's columns, of the ended lactations' cycles and of those still going alike. */
const cycleColumns = () => ({
  databaseId: integer("database_id").notNull(),
  animalId: bigint("animal_id", { mode: "number" }).notNull(),
  lact: integer("lact").notNull(),
  cs: date("cs").notNull(),
  elig: boolean("elig").notNull(),
  bred: boolean("bred").notNull(),
  preg: boolean("preg").notNull(),
});

/**
 * A 21-day cow-cycle of an ended lactation (cycle k: days fresh + VWP + 21k … + 20): eligible
 * (open 11 days or more of it, or bred in it), bred (a service on one of her open days), pregnant
 * (such a service gave a pregnancy). The cycles of the lactations still going hang on today: they
 * are kept for a day in herd_going_cycles.
 */
export const herdCycles = pgTable(
  "herd_cycles",
  cycleColumns(),
  // No primary key: the rows are written whole by one statement that makes each cycle once, and
  // read only by their start (a second index doubled the cost of writing 290,000 cycles on PGlite).
  (t) => [index("herd_cycles_start_idx").on(t.databaseId, t.cs)],
);

/**
 * The cow-cycles of the lactations still going (herd_open_spans with no lact_end) up to the day
 * herd_going_state names, made by the same chain as herd_cycles: their last cycles hang on the day,
 * so they are written again on the first report 4 of a day, after a commit and when the VWP changes.
 */
export const herdGoingCycles = pgTable("herd_going_cycles", cycleColumns(), (t) => [
  index("herd_going_cycles_start_idx").on(t.databaseId, t.cs),
]);

/** The day and VWP a database's herd_going_cycles were written for; a commit deletes it. */
export const herdGoingState = pgTable("herd_going_state", {
  databaseId: integer("database_id")
    .primaryKey()
    .references(() => userDatabases.id, { onDelete: "cascade" }),
  day: date("day").notNull(),
  vwpDays: integer("vwp_days").notNull(),
});

/**
 * An animal's facts: her first calving (her first recorded lactation's fresh date; null without
 * one) and, when she is pregnant now, the conception date: her last BRED of the current
 * lactation, when RC is 5 or a PREG/PREV came on or after it, and no OPEN or ABORT came after it.
 */
export const herdAnimalFacts = pgTable(
  "herd_animal_facts",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    firstFresh: date("first_fresh"),
    conception: date("conception"),
    /**
     * Open in her current lactation (report 4's r4open, but for the VWP and her being in milk):
     * no DNB in it, and no service of it since its last abortion that was pregnant or is unknown.
     */
    open: boolean("open").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.databaseId, t.animalId] })],
);

/**
 * A new case of a disease (HERD.md "Health"): a day with an event of the code in lactation 1 or
 * later and none of the same code in the 13 days before it; one row a cow, code and day.
 */
export const herdHealthCases = pgTable(
  "herd_health_cases",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    code: text("code").notNull(),
    eventDate: date("event_date").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.code, t.eventDate] }),
    index("herd_health_cases_date_idx").on(t.databaseId, t.eventDate),
  ],
);

/**
 * A disease of a lactation's first 60 days (report 7's 60-day cohort): an event of the code on days
 * 0–60 of the lactation (from its fresh date to 60 days after it); one row a lactation and code.
 */
export const herdFreshHealth = pgTable(
  "herd_fresh_health",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    freshDate: date("fresh_date").notNull(),
    code: text("code").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.lact, t.code] }),
    index("herd_fresh_health_fresh_idx").on(t.databaseId, t.freshDate),
  ],
);

/**
 * A calving (a lactation's start) and what its FRESH remarks that day say of the calf
 * (report-calvings-atoms.ts calfOutcome): the outcome known at all, a live calf, stillborn, a
 * female, a male, twins; all false without a FRESH event; and the calving before it (report 4's
 * calving interval). One row a lactation.
 */
export const herdCalvings = pgTable(
  "herd_calvings",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    freshDate: date("fresh_date").notNull(),
    /** The fresh date of the cow's lactation before (lact − 1), when it is recorded. */
    prevFresh: date("prev_fresh"),
    known: boolean("known").notNull(),
    live: boolean("live").notNull(),
    still: boolean("still").notNull(),
    female: boolean("female").notNull(),
    male: boolean("male").notNull(),
    twins: boolean("twins").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.lact] }),
    index("herd_calvings_fresh_idx").on(t.databaseId, t.freshDate),
  ],
);

/**
 * A dry period (report 8): lactation lact − 1 dried off len days before lactation lact calved on
 * fresh_date; sick: a health event within 60 days after
 * that calving; first_milk: the milk of the new lactation's first test day (null without one).
 */
export const herdDryPeriods = pgTable(
  "herd_dry_periods",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    freshDate: date("fresh_date").notNull(),
    len: integer("len").notNull(),
    sick: boolean("sick").notNull(),
    firstMilk: doublePrecision("first_milk"),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.lact] }),
    index("herd_dry_periods_fresh_idx").on(t.databaseId, t.freshDate),
  ],
);

/**
 * A lactation's 305-day yield (HERD.md "Milk"), kg, by the test-interval method over its test days
 * up to DIM 305 or the dry-off; a lactation with no such test has no row.
 */
export const herdLactationFacts = pgTable(
  "herd_lactation_facts",
  {
    databaseId: integer("database_id").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    lact: integer("lact").notNull(),
    y305: doublePrecision("y305").notNull(),
    /** The lactation's DIM 305 (fresh date + 305): report 2 counts it in the period holding that day… */
    day305: date("day_305").notNull(),
    /** …when the cow was still in the herd then (no exit, or an exit after it). */
    inHerd: boolean("in_herd").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.animalId, t.lact] }),
    index("herd_lactation_facts_day_305_idx").on(t.databaseId, t.day305),
  ],
);

/**
 * Report 2's test days (HERD.md "Milk"): each test of a cow in milk (lactation ≥ 1, a milk weight)
 * with its figures as floats, and where it stands among the cow's tests, so that "the cow's last
 * test in a window" is a comparison with the window's end instead of a sort of the window's rows:
 * next_date, the cow's next test ('infinity' after her last), and m_end, whether it is of another
 * month (true after her last); next_g, her next test of the same lactation group; next_scc and
 * scc_m_end, as next_date and m_end for her next test with an SCC.
 */
export const herdTestFacts = pgTable(
  "herd_test_facts",
  {
    databaseId: integer("database_id").notNull(),
    testDate: date("test_date").notNull(),
    animalId: bigint("animal_id", { mode: "number" }).notNull(),
    /** The lactation group: 1, 2, 3 (third and later). */
    g: smallint("g").notNull(),
    /** The week of DIM 1–44 (DIM 1–7 is week 1); null outside DIM 1–308. */
    w: smallint("w"),
    milk: doublePrecision("milk").notNull(),
    /** ECM (DHI) when fat and protein are known. */
    ecm: doublePrecision("ecm"),
    /** milk × fat %, milk × protein %, milk × SCC: the sums of the milk-weighted averages. */
    mf: doublePrecision("mf"),
    mp: doublePrecision("mp"),
    ms: doublePrecision("ms"),
    /** The linear score of an SCC above 0. */
    scs: doublePrecision("scs"),
    /** The SCC band (report-milk-sql.ts SCC_BANDS: 0 up to 100 thousand … 3 over 400); null without an SCC. */
    band: smallint("band"),
    nextDate: date("next_date").notNull(),
    nextG: date("next_g").notNull(),
    mEnd: boolean("m_end").notNull(),
    nextScc: date("next_scc").notNull(),
    sccMEnd: boolean("scc_m_end").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.databaseId, t.testDate, t.animalId] }),
    // The tests that may be a cow's last in a window ending before greatest(next_g, next_scc):
    // the few a whole herd's report reads one by one (report-milk-sql.ts).
    index("herd_test_facts_last_idx").on(t.databaseId, sql`greatest(${t.nextG}, ${t.nextScc})`, t.testDate),
  ],
);

/**
 * Report 2's test facts summed by test day, lactation group and DIM week (0: outside DIM 1–308): a
 * whole herd's report adds these up instead of its test days. The sums of the averages; m_end,
 * the tests that are their cow's last of the month; bm0–bm3, those last with an SCC in their month
 * by SCC band; bd0–bd3, all tests by SCC band. What hangs on the window's end (a cow's last test
 * in it) is read from herd_test_facts.
 */
export const herdTestDaySums = pgTable(
  "herd_test_day_sums",
  {
    databaseId: integer("database_id").notNull(),
    testDate: date("test_date").notNull(),
    g: smallint("g").notNull(),
    w: smallint("w").notNull(),
    n: integer("n").notNull(),
    milk: doublePrecision("milk").notNull(),
    nEcm: integer("necm").notNull(),
    ecm: doublePrecision("ecm"),
    mf: doublePrecision("mf"),
    milkF: doublePrecision("milkf"),
    mp: doublePrecision("mp"),
    milkP: doublePrecision("milkp"),
    nScs: integer("nscs").notNull(),
    scs: doublePrecision("scs"),
    ms: doublePrecision("ms"),
    milkS: doublePrecision("milks"),
    mEnd: integer("m_end").notNull(),
    bm0: integer("bm0").notNull(),
    bm1: integer("bm1").notNull(),
    bm2: integer("bm2").notNull(),
    bm3: integer("bm3").notNull(),
    bd0: integer("bd0").notNull(),
    bd1: integer("bd1").notNull(),
    bd2: integer("bd2").notNull(),
    bd3: integer("bd3").notNull(),
  },
  (t) => [primaryKey({ columns: [t.databaseId, t.testDate, t.g, t.w] })],
);

/** A herd database whose facts are up to date, and the VWP they were written for; a commit deletes it. */
export const herdFactsState = pgTable("herd_facts_state", {
  databaseId: integer("database_id")
    .primaryKey()
    .references(() => userDatabases.id, { onDelete: "cascade" }),
  vwpDays: integer("vwp_days").notNull(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Report 1's herd today, grouped as it shows it (status, lactation group, DIM band, pen, RC) on
 * the day herd_structure_state names: a whole herd's report reads these few rows instead of every
 * animal. The DIM bands move with the day, so a new day writes them again, as a commit does.
 * lg: the lactation capped at 3; band: 0 no DIM, 1–5 the report's DIM bands in order.
 */
export const herdStructureCells = pgTable(
  "herd_structure_cells",
  {
    databaseId: integer("database_id").notNull(),
    status: text("status").notNull(),
    lg: smallint("lg").notNull(),
    band: smallint("band").notNull(),
    pen: text("pen"),
    rc: smallint("rc"),
    n: integer("n").notNull(),
    dimSum: integer("dim_sum").notNull(),
    dimN: integer("dim_n").notNull(),
    lactSum: integer("lact_sum").notNull(),
  },
  (t) => [index("herd_structure_cells_database_idx").on(t.databaseId)],
);

/**
 * Report 1's flows: the animals born, sold and died on each day of a database's history (days with
 * none have no row), written with herd_structure_cells: a period's flows are a range of these.
 */
export const herdFlowDays = pgTable(
  "herd_flow_days",
  {
    databaseId: integer("database_id").notNull(),
    day: date("day").notNull(),
    born: integer("born").notNull(),
    sold: integer("sold").notNull(),
    died: integer("died").notNull(),
  },
  (t) => [primaryKey({ columns: [t.databaseId, t.day] })],
);

/** The day a database's herd_structure_cells were written for; a commit deletes it. */
export const herdStructureState = pgTable("herd_structure_state", {
  databaseId: integer("database_id")
    .primaryKey()
    .references(() => userDatabases.id, { onDelete: "cascade" }),
  day: date("day").notNull(),
});
