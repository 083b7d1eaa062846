import type { LifeTestDay } from "./animal-life.ts";
import { DEMO_HERD_PARAMS as P } from "./demo-herd-params.ts";
import type { Rng } from "./prng.ts";
import { woodMilk } from "./woods-curve.ts";

export interface TestDayInput {
  lact: number;
  freshDay: number;
  /** Last day milked (exclusive): dry-off, exit or the day after the history ends. */
  endDay: number;
  /** The cow's genetic level times this lactation's (1 = average). */
  milkLevel: number;
  fatLevel: number;
  proteinLevel: number;
  sccLevel: number;
  /** Days of clinical mastitis cases, and of ketosis/DA (milk drops for 14 days after). */
  mastitisDays: readonly number[];
  sickDays: readonly number[];
  /** Herd test days, sorted. */
  herdTestDays: readonly number[];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Lower bound: index of the first herd test day ≥ day. */
function firstIndexFrom(days: readonly number[], day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] ?? 0) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function recentlyBefore(days: readonly number[], day: number, window: number): boolean {
  for (const d of days) if (d <= day && day - d < window) return true;
  return false;
}

/** Monthly test days of one lactation: Wood's curve by parity times the cow's level and noise. */
export function simulateTestDays(rng: Rng, input: TestDayInput): LifeTestDay[] {
  const curve = input.lact === 1 ? P.woodFirst : P.woodLater;
  const parityFactor = input.lact === 2 ? P.secondLactationFactor : 1;
  const out: LifeTestDay[] = [];
  const from = input.freshDay + P.firstTestDim;
  for (let i = firstIndexFrom(input.herdTestDays, from); i < input.herdTestDays.length; i++) {
    const day = input.herdTestDays[i] ?? Number.POSITIVE_INFINITY;
    if (day >= input.endDay) break;
    const dim = day - input.freshDay;
    const sick = recentlyBefore(input.mastitisDays, day, 14) || recentlyBefore(input.sickDays, day, 14);
    const milk =
      woodMilk(curve, dim) *
      parityFactor *
      input.milkLevel *
      Math.max(0.5, rng.normal(1, P.testMilkSd)) *
      (sick ? P.sickMilkFactor : 1);
    const fat =
      P.fat.base +
      P.fat.early * Math.exp(-dim / 12) +
      (P.fat.late * dim) / 305 +
      input.fatLevel +
      rng.normal(0, P.fat.testSd);
    const protein =
      P.protein.base +
      P.protein.early * Math.exp(-dim / 15) +
      (P.protein.late * dim) / 305 +
      input.proteinLevel +
      (input.lact === 1 ? P.protein.firstLactation : 0) +
      rng.normal(0, P.protein.testSd);
    const lnScc =
      P.scc.lnBase +
      input.sccLevel +
      P.scc.perParity * (input.lact - 1) +
      P.scc.perDim * dim +
      rng.normal(0, P.scc.testSd) +
      (recentlyBefore(input.mastitisDays, day, 30) ? Math.log(P.scc.afterMastitis) : 0);
    out.push({
      day,
      lact: input.lact,
      dim,
      milkKg: round(milk, 1),
      fatPct: round(Math.min(6.5, Math.max(2.5, fat)), 2),
      proteinPct: round(Math.min(4.5, Math.max(2.6, protein)), 2),
      scc: Math.max(5, Math.round(Math.exp(lnScc))),
    });
  }
  return out;
}
