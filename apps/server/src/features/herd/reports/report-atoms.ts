import { ErrorCode } from "@nadoy/contract/errors";
import type { HERD_LACT_GROUPS } from "@nadoy/contract/herd-reports";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../../platform/errors.ts";
import { dimOf } from "../animals.repository.ts";
import { BAD_DRILL } from "./drill-token.ts";
import { calvingsAtomSql } from "./report-calvings-atoms.ts";
import { dryAtomSql } from "./report-dry-atoms.ts";
import { healthAtomSql } from "./report-health-atoms.ts";
import { milkAtomSql } from "./report-milk-atoms.ts";
import { reproAtomSql } from "./report-repro-atoms.ts";

// ---- The sets of animals a report counts, as keys: atoms joined by "|" (all must hold) ----
//
// A report counts with these predicates and a drill lists with the same ones, so a drill's total
// is the number it came from by construction. Atoms:
//   herd (milking, dry, heifer) · cows (milking, dry) · status:<status> · lg:1|2|3+ (lactation group)
//   dim:<from>-<to> (cows; either bound may be empty) · nodim (cows without a fresh date)
//   pen:<pen, URI-encoded> · nopen · rc:<0–7> · norc
//   born[:YYYY-MM] (born in the period, or in that month of it) · exit:sold|died[:YYYY-MM] (left so)
//   exit[:YYYY-MM] (left, either way) · adult (lactation ≥ 1) · young (lactation 0)
//   xdim:<from>-<to> (DIM on the day it left) · reason:<exit reason, URI-encoded> · noreason
// These describe an animal today, or on the day she left (her lactation then is her last): under
// the report's «Лактация» filter (ctx.lg) they hold for her lactation now, or at her exit; a birth
// is in lactation 0, so no birth is in a lactation group.

export interface AtomContext {
  today: string;
  from: string;
  to: string;
  /**
   * The report's «Лактация» filter: each row counted (an event, a calving, a test day, a
   * lactation, a cow today) must be of that lactation group at its own time — the lactation it
   * belongs to, not the animal's lactation today (lactIn).
   */
  lg?: (typeof HERD_LACT_GROUPS)[number] | undefined;
}

/**
 * The «Лактация» filter over a row's own lactation (`lact`: the event's, the calving's, the test
 * day's; the animal's for a figure of today): true without the filter.
 */
export function lactIn(ctx: Pick<AtomContext, "lg">, lact: SQL): SQL {
  if (!ctx.lg) return sql`true`;
  return ctx.lg === "3+" ? sql`${lact} >= 3` : sql`${lact} = ${Number(ctx.lg)}`;
}

/** The period, or one month of it ("2026-03"): both days included. */
export function within(column: SQL, ctx: AtomContext, month: string | undefined): SQL {
  const inPeriod = sql`${column} between ${ctx.from}::date and ${ctx.to}::date`;
  if (!month) return inPeriod;
  return sql`${inPeriod} and date_trunc('month', ${column}) = ${`${month}-01`}::date`;
}

const STATUS = /^status:(milking|dry|heifer|sold|died)$/;
const LACT_GROUP = /^lg:(1|2|3\+)$/;
const DIM = /^dim:(\d{0,5})-(\d{0,5})$/;
const PEN = /^pen:([^|]{1,200})$/;
const RC = /^rc:([0-7])$/;
const BORN = /^born(?::(\d{4}-(?:0[1-9]|1[0-2])))?$/;
const EXIT = /^exit(?::(sold|died))?(?::(\d{4}-(?:0[1-9]|1[0-2])))?$/;
const EXIT_DIM = /^xdim:(\d{0,5})-(\d{0,5})$/;
const REASON = /^reason:([^|]{1,400})$/;

/** A pen in a key: URI-encoded, so that "|" in a pen's name does not split the key. */
export const penAtom = (pen: string | null) => (pen === null ? "nopen" : `pen:${encodeURIComponent(pen)}`);

/** An exit reason in a key, URI-encoded as a pen is. */
export const reasonAtom = (reason: string | null) =>
  reason === null ? "noreason" : `reason:${encodeURIComponent(reason)}`;

export function decodeText(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new ApiError(400, ErrorCode.validation, BAD_DRILL);
  }
}

/** A report's own atoms (in its report-<name>-atoms.ts): the condition, or undefined when not its atom. */
type AtomReader = (atom: string, ctx: AtomContext) => SQL | undefined;
const EXTRA_ATOMS: AtomReader[] = [milkAtomSql, reproAtomSql, calvingsAtomSql, healthAtomSql, dryAtomSql];

/** An atom of the animal today (or at her exit), under the «Лактация» filter for her lactation then. */
function animalAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  const own = generalAtomSql(atom, ctx);
  if (!own) return undefined;
  if (!ctx.lg) return own;
  return sql`${own} and ${lactIn(ctx, BORN.test(atom) ? sql`0` : sql`a.lact`)}`;
}

function generalAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  if (atom === "herd") return sql`a.status in ('milking', 'dry', 'heifer')`;
  if (atom === "cows") return sql`a.status in ('milking', 'dry')`;
  if (atom === "nopen") return sql`a.pen is null`;
  if (atom === "norc") return sql`a.rc is null`;
  if (atom === "adult") return sql`a.lact >= 1`;
  if (atom === "young") return sql`a.lact = 0`;
  if (atom === "noreason") return sql`a.exit_reason is null`;
  if (atom === "nodim") return sql`a.status in ('milking', 'dry') and (${dimOf(ctx.today)}) is null`;
  let m = STATUS.exec(atom);
  if (m) return sql`a.status = ${m[1]}`;
  m = LACT_GROUP.exec(atom);
  if (m) return m[1] === "3+" ? sql`a.lact >= 3` : sql`a.lact = ${Number(m[1])}`;
  m = DIM.exec(atom);
  if (m && (m[1] || m[2])) {
    const dim = sql`(${dimOf(ctx.today)})`;
    const parts = [sql`a.status in ('milking', 'dry')`];
    if (m[1]) parts.push(sql`${dim} >= ${Number(m[1])}`);
    if (m[2]) parts.push(sql`${dim} <= ${Number(m[2])}`);
    return sql.join(parts, sql` and `);
  }
  m = RC.exec(atom);
  if (m) return sql`a.rc = ${Number(m[1])}`;
  m = BORN.exec(atom);
  if (m) return within(sql`a.birth_date`, ctx, m[1]);
  m = EXIT.exec(atom);
  if (m) {
    const how = m[1] ? sql`a.status = ${m[1]}` : sql`a.status in ('sold', 'died')`;
    return sql`${how} and ${within(sql`a.exit_date`, ctx, m[2])}`;
  }
  m = EXIT_DIM.exec(atom);
  if (m && (m[1] || m[2])) {
    const dim = sql`(${dimOf(ctx.today)})`;
    const parts = [sql`a.status in ('sold', 'died')`];
    if (m[1]) parts.push(sql`${dim} >= ${Number(m[1])}`);
    if (m[2]) parts.push(sql`${dim} <= ${Number(m[2])}`);
    return sql.join(parts, sql` and `);
  }
  m = REASON.exec(atom);
  if (m) return sql`a.exit_reason = ${decodeText(m[1] as string)}`;
  m = PEN.exec(atom);
  if (m) return sql`a.pen = ${decodeText(m[1] as string)}`;
  return undefined;
}

function atomSql(atom: string, ctx: AtomContext): SQL {
  const general = animalAtomSql(atom, ctx);
  if (general) return general;
  for (const read of EXTRA_ATOMS) {
    const found = read(atom, ctx);
    if (found) return found;
  }
  throw new ApiError(400, ErrorCode.validation, BAD_DRILL);
}

/** A key's condition: every atom of it, in one SQL condition. */
export function keySql(key: string, ctx: AtomContext): SQL {
  const atoms = key.split("|");
  if (atoms.length > 8) throw new ApiError(400, ErrorCode.validation, BAD_DRILL);
  return sql`(${sql.join(
    atoms.map((atom) => atomSql(atom, ctx)),
    sql` and `,
  )})`;
}
