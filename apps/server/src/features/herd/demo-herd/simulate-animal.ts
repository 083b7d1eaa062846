import { type AnimalLife, byDayAndRank, type LifeCalf, type LifeEvent, type LifeLactation } from "./animal-life.ts";
import {
  CALF_FEMALE,
  CALF_MALE,
  CALF_STILLBORN,
  CLOSE_UP_DAYS,
  COW_DEATH_REASONS,
  COW_SALE_REASONS,
  FRESH_PEN_DAYS,
  LAMENESS_LESIONS,
  MASTITIS_QUARTERS,
  DEMO_HERD_PARAMS as P,
  PENS,
  DEMO_EXIT_REASONS as REASON,
  TREATMENTS,
  VETS,
} from "./demo-herd-params.ts";
import type { DemoExitCode } from "./demo-herd-types.ts";
import type { Rng } from "./prng.ts";
import { simulateBreeding } from "./simulate-breeding.ts";
import { simulateTestDays } from "./simulate-test-days.ts";

export interface AnimalStart {
  birthDay: number;
  breed: string;
  milkLevel: number;
}

export interface HerdCalendar {
  /** Last day simulated (the history's `today`). */
  endDay: number;
  /** Herd test days, sorted. */
  herdTestDays: readonly number[];
  /** Sire code used on a day (a handful of sires is in use each year). */
  sireOn: (day: number, rng: Rng) => string;
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

/**
 * The life of one female from birth to exit or `endDay`: calfhood, rearing and breeding as a heifer,
 * then lactation after lactation (calving, periparturient disease, breeding, dry-off, mastitis,
 * lameness, sale or death). Uses only its own streams, so replaying it gives the same life; test
 * days draw from `testRng` alone, so a replay without them (testRng null: only the milking spans
 * are wanted) still gives the same life.
 */
export function simulateAnimal(rng: Rng, testRng: Rng | null, start: AnimalStart, calendar: HerdCalendar): AnimalLife {
  const b = start.birthDay;
  const events: LifeEvent[] = [];
  const push = (day: number, code: string, lact: number, remark = "", protocol = "", technician = "") =>
    events.push({ day, code, lact, remark, protocol, technician });
  const move = (day: number, lact: number, toPen: string) =>
    events.push({ day, code: "MOVE", lact, remark: "", protocol: "", technician: "", toPen });
  let exitDay = Number.POSITIVE_INFINITY;
  let exitCode: DemoExitCode | null = null;
  let exitReason: string | null = null;
  const setExit = (day: number, code: DemoExitCode, reason: string) => {
    const whole = Math.floor(day);
    if (whole < exitDay) {
      exitDay = whole;
      exitCode = code;
      exitReason = reason;
    }
  };
  const sireOn = (day: number) => calendar.sireOn(day, rng);

  // ---- calf and heifer ----
  let calfIll: string | null = null;
  if (rng.chance(P.scourRisk)) {
    push(b + rng.int(3, 30), "SCOUR", 0, "", TREATMENTS.SCOUR ?? "", rng.pick(VETS));
    calfIll = REASON.diarrhoea;
  }
  if (rng.chance(P.pneumoniaRisk)) {
    push(b + rng.int(20, 90), "PNEU", 0, "", TREATMENTS.PNEU ?? "", rng.pick(VETS));
    calfIll = REASON.pneumonia;
  }
  if (rng.chance(P.calfDeathRisk * (calfIll ? 2.5 : 0.7))) {
    setExit(b + rng.int(1, 60), "DIED", calfIll ?? REASON.diarrhoea);
  }
  const rearingDeath = b + 60 + rng.exponential(P.heiferDeathPerDay);
  const rearingDeathReason = rng.pick([REASON.injury, REASON.pneumonia]);
  if (rng.chance(P.heiferPoorGrowthRisk)) setExit(b + rng.int(200, 380), "SOLD", REASON.poorGrowth);
  move(b + rng.int(170, 190), 0, PENS.heifers);

  const firstHeat = b + Math.round(rng.normal(P.heiferFirstServiceAge.mean, P.heiferFirstServiceAge.sd));
  let breeding = simulateBreeding(rng, {
    lact: 0,
    firstHeatDay: firstHeat,
    timedAiDay: firstHeat + 60,
    lastDay: b + P.heiferDnbAge,
    heatDetection: P.heatDetection.heifer,
    conception: P.conception.heifer,
    abortion: P.abortion.heifer,
    sireOn,
  });
  for (const e of breeding.events) {
    events.push(e);
    if (e.code === "PREG") move(e.day, 0, PENS.pregnantHeifers);
    if (e.code === "ABORT") move(e.day, 0, PENS.heifers);
  }
  if (breeding.dnbDay !== null) setExit(breeding.dnbDay + rng.int(30, 90), "SOLD", REASON.infertility);

  const lactations: LifeLactation[] = [];
  const calves: LifeCalf[] = [];
  const milking: [number, number][] = [];
  const testDays: AnimalLife["testDays"] = [];
  const fatLevel = testRng?.normal(0, P.fat.cowSd) ?? 0;
  const proteinLevel = testRng?.normal(0, P.protein.cowSd) ?? 0;
  const sccLevel = testRng?.normal(0, P.scc.cowSd) ?? 0;
  const lastDay = calendar.endDay;
  let lact = 0;

  // Calving and dry-off follow from the conception: drawn as soon as it is known.
  const planCalving = (conception: number): { calving: number; dry: number } => {
    const gestation = Math.round(rng.normal(P.gestationDays.mean, P.gestationDays.sd));
    const calving = conception + Math.min(P.gestationDays.max, Math.max(P.gestationDays.min, gestation));
    move(calving - CLOSE_UP_DAYS + rng.int(-2, 2), lact, PENS.closeUp);
    const dry = conception + P.dryAtDaysPregnant + rng.int(-4, 4);
    if (lact >= 1) push(dry, "DRY", lact, `${dry - conception} ДН`, TREATMENTS.DRY ?? "");
    return { calving, dry };
  };
  let nextCalving = breeding.conceptionDay === null ? null : planCalving(breeding.conceptionDay).calving;
  if (rearingDeath < (nextCalving ?? Number.POSITIVE_INFINITY)) setExit(rearingDeath, "DIED", rearingDeathReason);

  // ---- lactations: each pass calves, breeds, and ends at the next calving or the exit ----
  while (nextCalving !== null && exitDay > nextCalving && nextCalving <= lastDay) {
    const sire = breeding.events.find((e) => e.code === "BRED" && e.day === breeding.conceptionDay)?.remark ?? "";
    const calving = nextCalving;
    lact++;
    const f = calving;
    const pc = lact === 1 ? "first" : lact === 2 ? "second" : "later";
    const stillborn = rng.chance(P.stillbirth[pc]);
    const female = rng.chance(P.femaleCalfShare);
    push(f, "FRESH", lact, `${female ? CALF_FEMALE : CALF_MALE}${stillborn ? ` ${CALF_STILLBORN}` : ""}`);
    if (female && !stillborn) calves.push({ birthDay: f, sire });
    lactations.push({ lact, freshDay: f, dryDay: null });

    // Periparturient disease; DA and milk fever sometimes kill.
    const rp = rng.chance(P.retainedPlacenta * (stillborn ? P.retainedPlacentaAfterStillbirth : 1));
    if (rp) push(f + rng.int(0, 1), "RP", lact, "", TREATMENTS.RP ?? "", rng.pick(VETS));
    const sick: number[] = [];
    if (rng.chance(P.milkFever[pc])) {
      const day = f + rng.int(0, 1);
      push(day, "MF", lact, "", TREATMENTS.MF ?? "", rng.pick(VETS));
      if (rng.chance(P.deathAfterDaOrMf)) setExit(day + rng.int(1, 5), "DIED", REASON.milkFever);
    }
    const metritis = rng.chance(rp ? P.metritisAfterRp : P.metritis);
    if (metritis) push(f + rng.int(4, 12), "METR", lact, "", TREATMENTS.METR ?? "", rng.pick(VETS));
    const ketosis = rng.chance(P.ketosis[pc]);
    if (ketosis) {
      const day = f + rng.int(P.ketosisDim[0], P.ketosisDim[1]);
      push(day, "KETOSIS", lact, "", TREATMENTS.KETOSIS ?? "", rng.pick(VETS));
      sick.push(day);
    }
    if (rng.chance(P.displacedAbomasum * (ketosis ? 3 : 1))) {
      const day = f + rng.int(P.displacedAbomasumDim[0], P.displacedAbomasumDim[1]);
      push(day, "DA", lact, "", TREATMENTS.DA ?? "", rng.pick(VETS));
      sick.push(day);
      if (rng.chance(P.deathAfterDaOrMf)) setExit(day + rng.int(1, 30), "DIED", REASON.da);
    }
    move(
      f + rng.int(FRESH_PEN_DAYS[0], FRESH_PEN_DAYS[1]),
      lact,
      lact === 1 ? PENS.firstLactation : rng.pick(PENS.older),
    );
    if (rng.chance(P.vetCheckShare))
      push(f + rng.int(P.vetCheckDim[0], P.vetCheckDim[1]), "OK", lact, "", "", rng.pick(VETS));
    if (rng.chance(P.heatBeforeVwp)) push(f + rng.int(30, P.vwpDays - 1), "HEAT", lact);

    // Breeding, or DNB for age; a DNB cow goes to the low pen and is sold later.
    const diseased = rp || metritis || ketosis;
    if (lact < P.lastLactation) {
      breeding = simulateBreeding(rng, {
        lact,
        firstHeatDay: f + P.vwpDays + rng.int(0, P.cycleDays - 1),
        timedAiDay: f + P.timedAiDim + rng.int(-3, 3),
        lastDay: f + P.dnbDim[pc],
        heatDetection: P.heatDetection[pc],
        conception: P.conception[pc] * (diseased ? P.conceptionAfterDisease : 1),
        abortion: P.abortion[pc],
        sireOn,
      });
    } else {
      const dnbDay = f + rng.int(60, 120);
      breeding = {
        events: [{ day: dnbDay, code: "DNB", lact, remark: "", protocol: "", technician: "" }],
        conceptionDay: null,
        dnbDay,
      };
    }
    events.push(...breeding.events);
    let end: number;
    let dry: number;
    if (breeding.conceptionDay === null) {
      const dnbDay = breeding.dnbDay ?? f;
      move(dnbDay, lact, PENS.low);
      end = dnbDay + rng.int(P.dnbSaleDays[0], P.dnbSaleDays[1]);
      dry = end;
      nextCalving = null;
      setExit(end, "SOLD", lact < P.lastLactation ? REASON.infertility : REASON.age);
    } else {
      const plan = planCalving(breeding.conceptionDay);
      end = plan.calving;
      dry = plan.dry;
      nextCalving = end;
    }

    // Mastitis (≥ 14 days between cases, likelier after one) and lameness while milking.
    const early = Math.min(f + 30, dry);
    const mastitisPieces: Piece[] = [
      [f, early, P.mastitisPerDay.early],
      [early, dry, P.mastitisPerDay.milking],
      [dry, end, P.mastitisPerDay.dry],
    ];
    const mastitisDays: number[] = [];
    for (let from = f, factor = 1; ; factor = P.mastitisRecurrence) {
      const t = piecewiseTime(rng, from, mastitisPieces, factor);
      if (!(t < end)) break;
      const day = Math.floor(t);
      push(day, "MAST", lact, rng.pick(MASTITIS_QUARTERS), TREATMENTS.MAST ?? "", rng.pick(VETS));
      mastitisDays.push(day);
      if (mastitisDays.length === P.mastitisCullCases && rng.chance(P.mastitisCullRisk)) {
        setExit(day + rng.int(7, 20), "SOLD", REASON.mastitis);
      }
      from = day + 14;
    }
    for (let from = f; ; ) {
      const t = piecewiseTime(rng, from, [[f, dry, P.lamenessPerDay]]);
      if (!(t < end)) break;
      const day = Math.floor(t);
      push(day, "LAME", lact, rng.pick(LAMENESS_LESIONS), TREATMENTS.LAME ?? "", rng.pick(VETS));
      if (rng.chance(P.lamenessCullRisk)) setExit(day + rng.int(7, 30), "SOLD", REASON.lameness);
      from = day + 30;
    }

    // Unplanned death and sale: higher in early lactation, lower while dry.
    const earlyEnd = Math.min(f + P.earlyDim, dry);
    const pieces = (rate: number, earlyFactor: number): Piece[] => [
      [f, earlyEnd, rate * earlyFactor],
      [earlyEnd, dry, rate],
      [dry, end, rate * P.dryHazardFactor],
    ];
    const death = piecewiseTime(rng, f, pieces(P.deathPerDay[pc], P.earlyDeathFactor));
    const deathReason = rng.weighted(COW_DEATH_REASONS);
    if (death < end) setExit(death, "DIED", deathReason);
    const sale = piecewiseTime(rng, f, pieces(P.salePerDay[pc], P.earlySaleFactor));
    const saleReason = rng.weighted(COW_SALE_REASONS);
    if (sale < end) setExit(sale, "SOLD", saleReason);

    const milkEnd = Math.min(dry, exitDay + 1, lastDay + 1);
    if (milkEnd > f) milking.push([f, milkEnd]);
    if (!testRng) continue;
    const milkLevel = start.milkLevel * Math.max(0.6, testRng.normal(1, P.lactationMilkSd));
    // A cow leaving on her test day is not tested that day.
    testDays.push(
      ...simulateTestDays(testRng, {
        lact,
        freshDay: f,
        endDay: Math.min(dry, exitDay, lastDay + 1),
        milkLevel,
        fatLevel,
        proteinLevel,
        sccLevel,
        mastitisDays,
        sickDays: sick,
        herdTestDays: calendar.herdTestDays,
      }),
    );
  }

  return finishLife(start, { events, lactations, calves, milking, testDays, exitDay, exitCode, exitReason, lastDay });
}

interface Unfinished {
  events: LifeEvent[];
  lactations: LifeLactation[];
  calves: LifeCalf[];
  milking: [number, number][];
  testDays: AnimalLife["testDays"];
  exitDay: number;
  exitCode: DemoExitCode | null;
  exitReason: string | null;
  lastDay: number;
}

/** Cuts the life at the exit and at `lastDay`, adds the exit event, sets DIM and the pen of each event. */
function finishLife(start: AnimalStart, life: Unfinished): AnimalLife {
  const exited = life.exitDay <= life.lastDay;
  const cut = exited ? life.exitDay : life.lastDay;
  const events = life.events.filter((e) => e.day <= cut);
  if (exited && life.exitCode) {
    const lact = life.lactations.filter((l) => l.freshDay <= life.exitDay).length;
    events.push({
      day: life.exitDay,
      code: life.exitCode,
      lact,
      remark: (life.exitReason ?? "").toUpperCase(),
      protocol: "",
      technician: "",
    });
  }
  events.sort(byDayAndRank);
  const freshDays = [start.birthDay, ...life.lactations.map((l) => l.freshDay)];
  let pen: string = PENS.calves;
  const finished = events.map((e) => {
    if (e.code === "FRESH") pen = PENS.fresh;
    else if (e.code === "DRY") pen = PENS.dry;
    let remark = e.remark;
    if (e.code === "MOVE" && e.toPen) {
      remark = `из ${pen} в ${e.toPen}`;
      pen = e.toPen;
    }
    const { toPen: _, ...rest } = e;
    return { ...rest, remark, dim: e.day - (freshDays[e.lact] ?? start.birthDay), pen };
  });
  const lactations = life.lactations.map((l) => {
    const dry = finished.find((e) => e.code === "DRY" && e.lact === l.lact);
    return { lact: l.lact, freshDay: l.freshDay, dryDay: dry ? dry.day : null };
  });
  return {
    birthDay: start.birthDay,
    breed: start.breed,
    milkLevel: start.milkLevel,
    exitDay: exited ? life.exitDay : null,
    exitCode: exited ? life.exitCode : null,
    exitReason: exited ? life.exitReason : null,
    events: finished,
    lactations,
    testDays: life.testDays.filter((t) => t.day <= cut),
    calves: life.calves.filter((c) => c.birthDay <= cut),
    milking: life.milking,
    pen,
  };
}
