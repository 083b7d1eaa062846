import type { AnimalLife, LifeCalf, LifeLactation } from "./animal-life.ts";
import {
  CALF_FEMALE,
  CALF_MALE,
  CALF_STILLBORN,
  CLOSE_UP_DAYS,
  FRESH_PEN_DAYS,
  DEMO_HERD_PARAMS as P,
  PENS,
  DEMO_EXIT_REASONS as REASON,
  TREATMENTS,
  VETS,
} from "./demo-herd-params.ts";
import { type AnimalStart, LifeBuilder } from "./life-builder.ts";
import type { Rng } from "./prng.ts";
import { type BreedingResult, simulateBreeding } from "./simulate-breeding.ts";
import {
  type CowParity,
  calvingDisease,
  type LactationSpan,
  udderAndFeet,
  unplannedExit,
} from "./simulate-cow-health.ts";
import { simulateTestDays } from "./simulate-test-days.ts";

export type { AnimalStart } from "./life-builder.ts";

export interface HerdCalendar {
  /** Last day simulated (the history's `today`). */
  endDay: number;
  /** Herd test days, sorted. */
  herdTestDays: readonly number[];
  /** Sire code used on a day (a handful of sires is in use each year). */
  sireOn: (day: number, rng: Rng) => string;
}

/** Calf diseases and deaths, rearing, and breeding as a heifer (DIM of her events = age). */
function simulateHeifer(rng: Rng, life: LifeBuilder, b: number, sireOn: (day: number) => string) {
  let calfIll: string | null = null;
  if (rng.chance(P.scourRisk)) {
    life.push(b + rng.int(3, 30), "SCOUR", 0, "", TREATMENTS.SCOUR ?? "", rng.pick(VETS));
    calfIll = REASON.diarrhoea;
  }
  if (rng.chance(P.pneumoniaRisk)) {
    life.push(b + rng.int(20, 90), "PNEU", 0, "", TREATMENTS.PNEU ?? "", rng.pick(VETS));
    calfIll = REASON.pneumonia;
  }
  if (rng.chance(P.calfDeathRisk * (calfIll ? 2.5 : 0.7))) {
    life.setExit(b + rng.int(1, 60), "DIED", calfIll ?? REASON.diarrhoea);
  }
  const rearingDeath = b + 60 + rng.exponential(P.heiferDeathPerDay);
  const rearingDeathReason = rng.pick([REASON.injury, REASON.pneumonia]);
  if (rng.chance(P.heiferPoorGrowthRisk)) life.setExit(b + rng.int(200, 380), "SOLD", REASON.poorGrowth);
  life.move(b + rng.int(170, 190), 0, PENS.heifers);

  const firstHeat = b + Math.round(rng.normal(P.heiferFirstServiceAge.mean, P.heiferFirstServiceAge.sd));
  const breeding = simulateBreeding(rng, {
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
    life.events.push(e);
    if (e.code === "PREG") life.move(e.day, 0, PENS.pregnantHeifers);
    if (e.code === "ABORT") life.move(e.day, 0, PENS.heifers);
  }
  if (breeding.dnbDay !== null) life.setExit(breeding.dnbDay + rng.int(30, 90), "SOLD", REASON.infertility);
  return { breeding, rearingDeath, rearingDeathReason };
}

/**
 * The life of one female from birth to exit or `endDay`: calfhood, rearing and breeding as a heifer,
 * then lactation after lactation (calving, disease, breeding, dry-off, mastitis, lameness, sale or
 * death). Uses only its own streams, so replaying it gives the same life; test days draw from
 * `testRng` alone, and twin calvings from `twinRng` alone, so a replay without them (null: only the
 * milking spans are wanted) still gives the same life.
 */
export function simulateAnimal(
  rng: Rng,
  testRng: Rng | null,
  start: AnimalStart,
  calendar: HerdCalendar,
  twinRng: Rng | null = null,
): AnimalLife {
  const life = new LifeBuilder();
  const sireOn = (day: number) => calendar.sireOn(day, rng);
  const heifer = simulateHeifer(rng, life, start.birthDay, sireOn);
  let breeding: BreedingResult = heifer.breeding;

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
    life.move(calving - CLOSE_UP_DAYS + rng.int(-2, 2), lact, PENS.closeUp);
    const dry = conception + P.dryAtDaysPregnant + rng.int(-4, 4);
    if (lact >= 1) life.push(dry, "DRY", lact, `${dry - conception} ДН`, TREATMENTS.DRY ?? "");
    return { calving, dry };
  };
  let nextCalving = breeding.conceptionDay === null ? null : planCalving(breeding.conceptionDay).calving;
  if (heifer.rearingDeath < (nextCalving ?? Number.POSITIVE_INFINITY)) {
    life.setExit(heifer.rearingDeath, "DIED", heifer.rearingDeathReason);
  }

  // Each pass calves, breeds, and ends at the next calving or the exit.
  while (nextCalving !== null && life.exitDay > nextCalving && nextCalving <= lastDay) {
    const conception = breeding.conceptionDay;
    const sire = breeding.events.find((e) => e.code === "BRED" && e.day === conception)?.remark ?? "";
    const fresh = nextCalving;
    lact++;
    const parity: CowParity = lact === 1 ? "first" : lact === 2 ? "second" : "later";
    const stillborn = rng.chance(P.stillbirth[parity]);
    const female = rng.chance(P.femaleCalfShare);
    // A twin calving names its second calf too. That calf is sold at birth (a heifer twin of a bull
    // is mostly a sterile freemartin), so twins change no herd figure but the calvings' outcomes.
    const twin = twinRng?.chance(P.twinning[parity]) ? twinRng.chance(P.femaleCalfShare) : null;
    const born = `${female ? CALF_FEMALE : CALF_MALE}${twin === null ? "" : ` ${twin ? CALF_FEMALE : CALF_MALE}`}`;
    life.push(fresh, "FRESH", lact, `${born}${stillborn ? ` ${CALF_STILLBORN}` : ""}`);
    if (female && !stillborn) calves.push({ birthDay: fresh, sire });
    lactations.push({ lact, freshDay: fresh, dryDay: null });

    const disease = calvingDisease(rng, life, lact, fresh, parity, stillborn);
    const milkingPen = lact === 1 ? PENS.firstLactation : rng.pick(PENS.older);
    life.move(fresh + rng.int(FRESH_PEN_DAYS[0], FRESH_PEN_DAYS[1]), lact, milkingPen);
    if (rng.chance(P.vetCheckShare)) {
      life.push(fresh + rng.int(P.vetCheckDim[0], P.vetCheckDim[1]), "OK", lact, "", "", rng.pick(VETS));
    }
    if (rng.chance(P.heatBeforeVwp)) life.push(fresh + rng.int(30, P.vwpDays - 1), "HEAT", lact);

    // Breeding, or DNB for age; a DNB cow goes to the low pen and is sold later.
    if (lact < P.lastLactation) {
      breeding = simulateBreeding(rng, {
        lact,
        firstHeatDay: fresh + P.vwpDays + rng.int(0, P.cycleDays - 1),
        timedAiDay: fresh + P.timedAiDim + rng.int(-3, 3),
        lastDay: fresh + P.dnbDim[parity],
        heatDetection: P.heatDetection[parity],
        conception: P.conception[parity] * (disease.hurtsFertility ? P.conceptionAfterDisease : 1),
        abortion: P.abortion[parity],
        sireOn,
      });
    } else {
      const dnbDay = fresh + rng.int(60, 120);
      const dnb = { day: dnbDay, code: "DNB", lact, remark: "", protocol: "", technician: "" };
      breeding = { events: [dnb], conceptionDay: null, dnbDay };
    }
    life.events.push(...breeding.events);
    let span: LactationSpan;
    if (breeding.conceptionDay === null) {
      const dnbDay = breeding.dnbDay ?? fresh;
      life.move(dnbDay, lact, PENS.low);
      const sale = dnbDay + rng.int(P.dnbSaleDays[0], P.dnbSaleDays[1]);
      span = { lact, parity, fresh, dry: sale, end: sale };
      nextCalving = null;
      life.setExit(sale, "SOLD", lact < P.lastLactation ? REASON.infertility : REASON.age);
    } else {
      const plan = planCalving(breeding.conceptionDay);
      span = { lact, parity, fresh, dry: plan.dry, end: plan.calving };
      nextCalving = plan.calving;
    }
    const mastitisDays = udderAndFeet(rng, life, span);
    unplannedExit(rng, life, span);

    const milkEnd = Math.min(span.dry, life.exitDay + 1, lastDay + 1);
    if (milkEnd > fresh) milking.push([fresh, milkEnd]);
    if (!testRng) continue;
    const milkLevel = start.milkLevel * Math.max(0.6, testRng.normal(1, P.lactationMilkSd));
    const tests = simulateTestDays(testRng, {
      lact,
      freshDay: fresh,
      // A cow leaving on her test day is not tested that day.
      endDay: Math.min(span.dry, life.exitDay, lastDay + 1),
      milkLevel,
      fatLevel,
      proteinLevel,
      sccLevel,
      mastitisDays,
      sickDays: disease.sickDays,
      herdTestDays: calendar.herdTestDays,
    });
    for (const t of tests) testDays.push(t);
  }

  return life.finish(start, lastDay, { lactations, calves, milking, testDays });
}
