import {
  COW_DEATH_REASONS,
  COW_SALE_REASONS,
  LAMENESS_LESIONS,
  MASTITIS_QUARTERS,
  DEMO_HERD_PARAMS as P,
  DEMO_EXIT_REASONS as REASON,
  TREATMENTS,
  VETS,
} from "./demo-herd-params.ts";
import type { LifeBuilder } from "./life-builder.ts";
import type { Rng } from "./prng.ts";

export type CowParity = "first" | "second" | "later";

/** One lactation's time line: calving, dry-off and its end (next calving, or sale of a DNB cow). */
export interface LactationSpan {
  lact: number;
  parity: CowParity;
  fresh: number;
  dry: number;
  end: number;
}

type Piece = readonly [start: number, end: number, ratePerDay: number];

/** First event time of a Poisson process with piecewise-constant rates, from `from` on. */
function piecewiseTime(rng: Rng, from: number, pieces: readonly Piece[], factor = 1): number {
  let budget = rng.exponential(1);
  for (const [start, end, rate] of pieces) {
    const a = Math.max(start, from);
    const r = rate * factor;
    if (end <= a || r <= 0) continue;
    if (budget < r * (end - a)) return a + budget / r;
    budget -= r * (end - a);
  }
  return Number.POSITIVE_INFINITY;
}

export interface CalvingDisease {
  /** Retained placenta, metritis or ketosis: conception suffers. */
  hurtsFertility: boolean;
  /** Days of ketosis and DA (milk drops after them). */
  sickDays: number[];
}

/** Retained placenta, milk fever, metritis, ketosis and DA around calving; DA and milk fever sometimes kill. */
export function calvingDisease(
  rng: Rng,
  life: LifeBuilder,
  lact: number,
  fresh: number,
  parity: CowParity,
  stillborn: boolean,
): CalvingDisease {
  const rp = rng.chance(P.retainedPlacenta * (stillborn ? P.retainedPlacentaAfterStillbirth : 1));
  if (rp) life.push(fresh + rng.int(0, 1), "RP", lact, "", TREATMENTS.RP ?? "", rng.pick(VETS));
  const sickDays: number[] = [];
  if (rng.chance(P.milkFever[parity])) {
    const day = fresh + rng.int(0, 1);
    life.push(day, "MF", lact, "", TREATMENTS.MF ?? "", rng.pick(VETS));
    if (rng.chance(P.deathAfterDaOrMf)) life.setExit(day + rng.int(1, 5), "DIED", REASON.milkFever);
  }
  const metritis = rng.chance(rp ? P.metritisAfterRp : P.metritis);
  if (metritis) life.push(fresh + rng.int(4, 12), "METR", lact, "", TREATMENTS.METR ?? "", rng.pick(VETS));
  const ketosis = rng.chance(P.ketosis[parity]);
  if (ketosis) {
    const day = fresh + rng.int(P.ketosisDim[0], P.ketosisDim[1]);
    life.push(day, "KETOSIS", lact, "", TREATMENTS.KETOSIS ?? "", rng.pick(VETS));
    sickDays.push(day);
  }
  if (rng.chance(P.displacedAbomasum * (ketosis ? 3 : 1))) {
    const day = fresh + rng.int(P.displacedAbomasumDim[0], P.displacedAbomasumDim[1]);
    life.push(day, "DA", lact, "", TREATMENTS.DA ?? "", rng.pick(VETS));
    sickDays.push(day);
    if (rng.chance(P.deathAfterDaOrMf)) life.setExit(day + rng.int(1, 30), "DIED", REASON.da);
  }
  return { hurtsFertility: rp || metritis || ketosis, sickDays };
}

/**
 * Clinical mastitis (new cases ≥ 14 days apart, likelier after one; repeated cases get a cow sold)
 * and lameness while milking (sometimes sold). Returns the mastitis days (SCC and milk follow them).
 */
export function udderAndFeet(rng: Rng, life: LifeBuilder, span: LactationSpan): number[] {
  const { lact, fresh, dry, end } = span;
  const early = Math.min(fresh + 30, dry);
  const mastitisPieces: Piece[] = [
    [fresh, early, P.mastitisPerDay.early],
    [early, dry, P.mastitisPerDay.milking],
    [dry, end, P.mastitisPerDay.dry],
  ];
  const mastitisDays: number[] = [];
  for (let from = fresh, factor = 1; ; factor = P.mastitisRecurrence) {
    const t = piecewiseTime(rng, from, mastitisPieces, factor);
    if (!(t < end)) break;
    const day = Math.floor(t);
    life.push(day, "MAST", lact, rng.pick(MASTITIS_QUARTERS), TREATMENTS.MAST ?? "", rng.pick(VETS));
    mastitisDays.push(day);
    if (mastitisDays.length === P.mastitisCullCases && rng.chance(P.mastitisCullRisk)) {
      life.setExit(day + rng.int(7, 20), "SOLD", REASON.mastitis);
    }
    from = day + 14;
  }
  for (let from = fresh; ; ) {
    const t = piecewiseTime(rng, from, [[fresh, dry, P.lamenessPerDay]]);
    if (!(t < end)) break;
    const day = Math.floor(t);
    life.push(day, "LAME", lact, rng.pick(LAMENESS_LESIONS), TREATMENTS.LAME ?? "", rng.pick(VETS));
    if (rng.chance(P.lamenessCullRisk)) life.setExit(day + rng.int(7, 30), "SOLD", REASON.lameness);
    from = day + 30;
  }
  return mastitisDays;
}

/** Unplanned death and sale in a lactation: likelier in early lactation, less while dry. */
export function unplannedExit(rng: Rng, life: LifeBuilder, span: LactationSpan): void {
  const { fresh, dry, end, parity } = span;
  const earlyEnd = Math.min(fresh + P.earlyDim, dry);
  const pieces = (rate: number, earlyFactor: number): Piece[] => [
    [fresh, earlyEnd, rate * earlyFactor],
    [earlyEnd, dry, rate],
    [dry, end, rate * P.dryHazardFactor],
  ];
  const death = piecewiseTime(rng, fresh, pieces(P.deathPerDay[parity], P.earlyDeathFactor));
  const deathReason = rng.weighted(COW_DEATH_REASONS);
  if (death < end) life.setExit(death, "DIED", deathReason);
  const sale = piecewiseTime(rng, fresh, pieces(P.salePerDay[parity], P.earlySaleFactor));
  const saleReason = rng.weighted(COW_SALE_REASONS);
  if (sale < end) life.setExit(sale, "SOLD", saleReason);
}
