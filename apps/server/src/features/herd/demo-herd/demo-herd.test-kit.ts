/**
 * Herd KPIs computed from plain demo-herd data, following HERD.md's definitions, for the tests.
 * "The year" is the 365 days before `today` ([today − 365, today)).
 */
import { dayOfIso } from "./day-number.ts";
import { CALF_STILLBORN } from "./demo-herd-params.ts";
import type { DemoEvent, DemoHerd, DemoLactation } from "./demo-herd-types.ts";

export interface HerdIndex {
  today: number;
  yearStart: number;
  eventsOf: Map<number, DemoEvent[]>;
  lactationsOf: Map<number, DemoLactation[]>;
  exitOf: Map<number, number | null>;
}

export function indexHerd(herd: DemoHerd, today: string): HerdIndex {
  const t = dayOfIso(today);
  const eventsOf = new Map<number, DemoEvent[]>();
  for (const e of herd.events) {
    const list = eventsOf.get(e.animalKey);
    if (list) list.push(e);
    else eventsOf.set(e.animalKey, [e]);
  }
  const lactationsOf = new Map<number, DemoLactation[]>();
  for (const l of herd.lactations) {
    const list = lactationsOf.get(l.animalKey);
    if (list) list.push(l);
    else lactationsOf.set(l.animalKey, [l]);
  }
  const exitOf = new Map(herd.animals.map((a) => [a.key, a.exitDate === null ? null : dayOfIso(a.exitDate)]));
  return { today: t, yearStart: t - 365, eventsOf, lactationsOf, exitOf };
}

const inYear = (ix: HerdIndex, day: number) => day >= ix.yearStart && day < ix.today;
const REPRO_RESULT = new Set(["BRED", "PREG", "OPEN", "FRESH", "ABORT"]);

/** For a BRED at index i of an animal's events: true (PREG next), false (OPEN or another BRED), null (unknown). */
export function bredResult(events: readonly DemoEvent[], i: number): boolean | null {
  for (let j = i + 1; j < events.length; j++) {
    const code = events[j]?.code ?? "";
    if (!REPRO_RESULT.has(code)) continue;
    if (code === "PREG") return true;
    return code === "OPEN" || code === "BRED" ? false : null;
  }
  return null;
}

/** Conception rate, %: pregnancies ÷ inseminations of cows (LACT ≥ 1) in the year with a known result. */
export function conceptionRate(ix: HerdIndex): number {
  let known = 0;
  let pregnant = 0;
  for (const events of ix.eventsOf.values()) {
    events.forEach((e, i) => {
      if (e.code !== "BRED" || e.lact < 1 || !inYear(ix, dayOfIso(e.date))) return;
      const result = bredResult(events, i);
      if (result === null) return;
      known++;
      if (result) pregnant++;
    });
  }
  return (100 * pregnant) / known;
}

/**
 * 21-day pregnancy rate, %: Σ pregnancies ÷ Σ eligible cow-cycles over the 21-day cycles of the year
 * that ended at least 28 days ago. Eligible: past VWP, not pregnant, not DNB, in the herd — for at
 * least 11 days of the cycle (a cow that conceived in the cycle counts as eligible in it).
 */
export function pregnancyRate21(ix: HerdIndex, vwp: number): number {
  // Eligible spans [from, to) per cow lactation; `conceived` = the day of the conceiving BRED.
  const spans: { from: number; to: number; conceived: number | null }[] = [];
  for (const [key, events] of ix.eventsOf) {
    const exit = ix.exitOf.get(key) ?? null;
    for (const lactation of ix.lactationsOf.get(key) ?? []) {
      const fresh = dayOfIso(lactation.freshDate);
      const own = events.filter((e) => e.lact === lactation.lact);
      const next = (ix.lactationsOf.get(key) ?? []).find((l) => l.lact === lactation.lact + 1);
      let end = Math.min(exit ?? ix.today, next ? dayOfIso(next.freshDate) : ix.today, ix.today);
      let from: number | null = fresh + vwp;
      for (const [i, e] of own.entries()) {
        const day = dayOfIso(e.date);
        if (e.code === "DNB") end = Math.min(end, day);
        if (e.code === "BRED" && from !== null && bredResult(own, i) === true) {
          spans.push({ from, to: Math.max(from, day + 1), conceived: day });
          from = null;
        }
        if (e.code === "ABORT") from = Math.max(day, fresh + vwp);
      }
      if (from !== null && end > from) spans.push({ from, to: end, conceived: null });
    }
  }
  let eligible = 0;
  let pregnancies = 0;
  for (let cycleEnd = ix.today - 28; cycleEnd - 21 >= ix.yearStart; cycleEnd -= 21) {
    const cycleStart = cycleEnd - 21;
    for (const s of spans) {
      const days = Math.min(s.to, cycleEnd) - Math.max(s.from, cycleStart);
      const conceivedHere = s.conceived !== null && s.conceived >= cycleStart && s.conceived < cycleEnd;
      if (days >= 11 || conceivedHere) eligible++;
      if (conceivedHere) pregnancies++;
    }
  }
  return (100 * pregnancies) / eligible;
}

/** Cow-years (LACT ≥ 1, in the herd, dry included) within the year. */
export function cowYears(ix: HerdIndex): number {
  let days = 0;
  for (const [key, lactations] of ix.lactationsOf) {
    const first = lactations[0];
    if (!first) continue;
    const from = Math.max(dayOfIso(first.freshDate), ix.yearStart);
    const to = Math.min(ix.exitOf.get(key) ?? ix.today, ix.today);
    if (to > from) days += to - from;
  }
  return days / 365;
}

/** Culling rate, % a year: exits of cows in the year ÷ cow-years at risk. */
export function cullingRate(ix: HerdIndex): { all: number; died: number } {
  let all = 0;
  let died = 0;
  for (const events of ix.eventsOf.values()) {
    for (const e of events) {
      if ((e.code !== "SOLD" && e.code !== "DIED") || e.lact < 1 || !inYear(ix, dayOfIso(e.date))) continue;
      all++;
      if (e.code === "DIED") died++;
    }
  }
  const years = cowYears(ix);
  return { all: (100 * all) / years, died: (100 * died) / years };
}

/** Mean calving interval, months (30.44 days), of calvings in the year after a known previous one. */
export function calvingIntervalMonths(ix: HerdIndex): number {
  const intervals: number[] = [];
  for (const lactations of ix.lactationsOf.values()) {
    for (const l of lactations) {
      const previous = lactations.find((p) => p.lact === l.lact - 1);
      const fresh = dayOfIso(l.freshDate);
      if (previous && inYear(ix, fresh)) intervals.push((fresh - dayOfIso(previous.freshDate)) / 30.44);
    }
  }
  return mean(intervals);
}

/** Mean DIM at the first BRED of each lactation, for first services in the year. */
export function firstServiceDim(ix: HerdIndex): number {
  const dims: number[] = [];
  for (const events of ix.eventsOf.values()) {
    const seen = new Set<number>();
    for (const e of events) {
      if (e.code !== "BRED" || e.lact < 1 || seen.has(e.lact)) continue;
      seen.add(e.lact);
      if (inYear(ix, dayOfIso(e.date))) dims.push(e.dim);
    }
  }
  return mean(dims);
}

/** Mastitis lactational incidence risk, %: lactations begun in the year before last with ≥ 1 case. */
export function mastitisLir(ix: HerdIndex): number {
  let atRisk = 0;
  let cases = 0;
  for (const [key, lactations] of ix.lactationsOf) {
    const events = ix.eventsOf.get(key) ?? [];
    for (const l of lactations) {
      const fresh = dayOfIso(l.freshDate);
      if (fresh < ix.yearStart - 365 || fresh >= ix.yearStart) continue;
      atRisk++;
      if (events.some((e) => e.code === "MAST" && e.lact === l.lact)) cases++;
    }
  }
  return (100 * cases) / atRisk;
}

/** Share, %, of calvings in the year with an event of `code` in the first `maxDim` days. */
export function calvingIncidence(ix: HerdIndex, code: string, maxDim: number): number {
  let calvings = 0;
  let cases = 0;
  for (const events of ix.eventsOf.values()) {
    for (const e of events) {
      if (e.code !== "FRESH" || !inYear(ix, dayOfIso(e.date))) continue;
      calvings++;
      if (events.some((x) => x.code === code && x.lact === e.lact && x.dim <= maxDim)) cases++;
    }
  }
  return (100 * cases) / calvings;
}

/** Abortions in the year as % of pregnancies confirmed (PREG) in the year, heifers included. */
export function abortionRate(ix: HerdIndex): number {
  let aborts = 0;
  let pregnancies = 0;
  for (const events of ix.eventsOf.values()) {
    for (const e of events) {
      if (!inYear(ix, dayOfIso(e.date))) continue;
      if (e.code === "ABORT") aborts++;
      if (e.code === "PREG") pregnancies++;
    }
  }
  return (100 * aborts) / pregnancies;
}

/** Stillborn calves as % of calvings in the year (the FRESH remark says МЁРТВ). */
export function stillbirthRate(ix: HerdIndex): number {
  let calvings = 0;
  let stillborn = 0;
  for (const events of ix.eventsOf.values()) {
    for (const e of events) {
      if (e.code !== "FRESH" || !inYear(ix, dayOfIso(e.date))) continue;
      calvings++;
      if (e.remark.includes(CALF_STILLBORN)) stillborn++;
    }
  }
  return (100 * stillborn) / calvings;
}

/**
 * Milk per cow-year, kg: each lactation's daily milk integrated from its test days (the first
 * test's yield from calving, straight lines between tests, the last test's until dry-off, exit or
 * today), summed over the year, ÷ cow-years. Fat and protein % are weighted by test-day milk.
 */
export function milkKpis(herd: DemoHerd, ix: HerdIndex) {
  const testsOf = new Map<string, { day: number; milk: number }[]>();
  let milk = 0;
  let fat = 0;
  let protein = 0;
  let scc = 0;
  let tests = 0;
  for (const t of herd.testDays) {
    const day = dayOfIso(t.date);
    const id = `${t.animalKey}/${t.lact}`;
    const list = testsOf.get(id);
    if (list) list.push({ day, milk: t.milkKg });
    else testsOf.set(id, [{ day, milk: t.milkKg }]);
    if (!inYear(ix, day)) continue;
    milk += t.milkKg;
    fat += t.milkKg * t.fatPct;
    protein += t.milkKg * t.proteinPct;
    scc += t.scc;
    tests++;
  }
  let total = 0;
  for (const l of herd.lactations) {
    const list = testsOf.get(`${l.animalKey}/${l.lact}`);
    if (!list?.length) continue;
    const fresh = dayOfIso(l.freshDate);
    const exit = ix.exitOf.get(l.animalKey) ?? null;
    const end = Math.min(l.dryDate ? dayOfIso(l.dryDate) : ix.today, exit === null ? ix.today : exit + 1, ix.today);
    let k = 0;
    for (let day = Math.max(fresh, ix.yearStart); day < end; day++) {
      while (k + 1 < list.length && (list[k + 1]?.day ?? 0) <= day) k++;
      const a = list[k];
      const b = list[k + 1];
      if (!a) break;
      if (day <= a.day || !b) total += a.milk;
      else total += a.milk + ((b.milk - a.milk) * (day - a.day)) / (b.day - a.day);
    }
  }
  return {
    milkPerCowYear: total / cowYears(ix),
    milkPerTest: milk / tests,
    fatPct: fat / milk,
    proteinPct: protein / milk,
    sccMean: scc / tests,
  };
}

/** Cows in milk today and the share of them in first lactation, %. */
export function cowsInMilkToday(ix: HerdIndex): { cows: number; firstLactationPct: number } {
  let cows = 0;
  let first = 0;
  for (const [key, lactations] of ix.lactationsOf) {
    const last = lactations[lactations.length - 1];
    if (!last || ix.exitOf.get(key) != null || last.dryDate !== null) continue;
    cows++;
    if (last.lact === 1) first++;
  }
  return { cows, firstLactationPct: (100 * first) / cows };
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** HERD.md's "Demo herd: ranges a test must find" (and the figures it asks of a good demo herd). */
export const DEMO_HERD_KPI_RANGES: Record<keyof ReturnType<typeof herdKpis>, [number, number]> = {
  pregnancyRate21: [18, 30],
  conceptionRate: [30, 50],
  cullingRate: [25, 40],
  calvingIntervalMonths: [12.5, 14.5],
  firstServiceDim: [55, 80],
  mastitisLir: [15, 40],
  rpIncidence: [4, 12],
  abortionRate: [3, 10],
  stillbirthRate: [3, 10],
  milkPerCowYear: [8000, 11000],
  fatPct: [3.6, 4.3],
  proteinPct: [3.0, 3.5],
  firstLactationPct: [30, 40],
  // Not in the list but in HERD.md's "good demo herd" and the brief.
  cows: [1140, 1260],
  milkPerTest: [28, 34],
  sccMean: [150, 300],
  deathRate: [3, 9],
};

/** All the KPIs the demo-herd test checks against HERD.md's ranges. */
export function herdKpis(herd: DemoHerd, today: string, vwp: number) {
  const ix = indexHerd(herd, today);
  const culling = cullingRate(ix);
  return {
    pregnancyRate21: pregnancyRate21(ix, vwp),
    conceptionRate: conceptionRate(ix),
    cullingRate: culling.all,
    deathRate: culling.died,
    calvingIntervalMonths: calvingIntervalMonths(ix),
    firstServiceDim: firstServiceDim(ix),
    mastitisLir: mastitisLir(ix),
    rpIncidence: calvingIncidence(ix, "RP", 3),
    abortionRate: abortionRate(ix),
    stillbirthRate: stillbirthRate(ix),
    ...milkKpis(herd, ix),
    ...cowsInMilkToday(ix),
  };
}
