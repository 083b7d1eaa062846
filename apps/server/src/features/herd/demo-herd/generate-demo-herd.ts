import type { AnimalLife } from "./animal-life.ts";
import { BarnNumbers } from "./barn-numbers.ts";
import { dayOfIso, isoOfDay, monthlyDays, yearsBefore } from "./day-number.ts";
import { BREEDS, DEMO_HERD_PARAMS as P, SIRES, SIRES_PER_YEAR } from "./demo-herd-params.ts";
import type { DemoAnimalRecord, DemoHerd, DemoHerdOptions } from "./demo-herd-types.ts";
import { MinHeap } from "./min-heap.ts";
import { Rng, seedFor } from "./prng.ts";
import { type HerdCalendar, simulateAnimal } from "./simulate-animal.ts";

/** A birth waiting to be simulated: a founder, or a live heifer calf of a simulated dam. */
interface Birth {
  day: number;
  /** Tie-break among births on one day, in the order they were queued. */
  order: number;
  founderKey: number | null;
  breed: string;
  sire: string;
  dam: string | null;
  milkLevel: number;
}

/** Mixed into the seed of the test-day streams. */
const TEST_STREAM = 0x5bd1e995;
/** Mixed into the seed of the twin-calving streams (apart, so that twins move no other draw). */
const TWIN_STREAM = 0x27d4eb2f;

const sireOn = (day: number, rng: Rng): string => {
  const batch = Math.floor(day / 365.25) * SIRES_PER_YEAR;
  return SIRES[(batch + rng.int(0, SIRES_PER_YEAR - 1)) % SIRES.length] ?? "";
};

/**
 * The demo herd one animal at a time, in birth order, each with all its rows inside the history:
 * memory holds only the births still to come, the barn numbers in use and a day-by-day count of
 * cows in milk — not the rows already yielded — so a herd of a million events streams in a few MB.
 *
 * How it works: founders (no dam) are born evenly over the years before the simulation starts;
 * every female is simulated from birth to exit (simulateAnimal), and her live heifer calves join the
 * queue. A calf is kept only while the cows in milk counted two years ahead (when she would calve)
 * stay under the target; otherwise she is sold at birth and never recorded. The founders are
 * simulated once ahead (and replayed later from the same seed) so that count includes them.
 * Animals that left before the history starts are simulated but not yielded.
 */
export function* streamDemoHerd(options: DemoHerdOptions): Generator<DemoAnimalRecord> {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(options.seed) || !(scale > 0) || !((options.years ?? 1) >= 1)) {
    throw new Error("demo herd: seed must be an integer, scale > 0 and years ≥ 1");
  }
  const today = dayOfIso(options.today);
  const historyStart = yearsBefore(today, options.years ?? P.historyYears);
  const simStart = yearsBefore(historyStart, P.burnInYears);
  const origin = yearsBefore(simStart, P.founderSpreadYears);
  const calendar: HerdCalendar = {
    endDay: today,
    herdTestDays: monthlyDays(origin, today, P.testDayOfMonth),
    sireOn,
  };
  const herdRng = new Rng(seedFor(options.seed, 0));
  // Each animal has three streams of her own: her life, her test days and her twin calvings (the
  // last two skipped in the first pass).
  const lifeOf = (key: number, birth: Birth, withTests: boolean): AnimalLife =>
    simulateAnimal(
      new Rng(seedFor(options.seed, key)),
      withTests ? new Rng(seedFor(options.seed ^ TEST_STREAM, key)) : null,
      { birthDay: birth.day, breed: birth.breed, milkLevel: birth.milkLevel },
      calendar,
      withTests ? new Rng(seedFor(options.seed ^ TWIN_STREAM, key)) : null,
    );

  // Cows in milk per day, from origin to past today (keep decisions look two years ahead).
  const inMilk = new Int32Array(today - origin + P.keepLookaheadDays[1] + 2);
  const countMilking = (life: AnimalLife) => {
    for (const [from, to] of life.milking)
      for (let d = from; d < to; d++) inMilk[d - origin] = (inMilk[d - origin] ?? 0) + 1;
  };

  const births = new MinHeap<Birth>((a, b) => a.day < b.day || (a.day === b.day && a.order < b.order));
  const founderCount = Math.round(P.foundersPerDay * scale * (simStart - origin));
  const founderDays = Array.from({ length: founderCount }, () => origin + herdRng.int(0, simStart - origin - 1));
  founderDays.sort((a, b) => a - b);
  let order = 0;
  for (const [i, day] of founderDays.entries()) {
    const founder: Birth = {
      day,
      order: order++,
      founderKey: i + 1,
      breed: herdRng.weighted(BREEDS),
      sire: sireOn(day, herdRng),
      dam: null,
      milkLevel: Math.max(0.6, herdRng.normal(1, P.cowMilkSd)),
    };
    countMilking(lifeOf(i + 1, founder, false));
    births.push(founder);
  }

  const target = P.cowsInMilkTarget * scale;
  const [lookFrom, lookTo] = P.keepLookaheadDays;
  let keepRate = 0.8;
  const barnNumbers = new BarnNumbers();
  let nextKey = founderCount + 1;
  for (let birth = births.pop(); birth !== undefined; birth = births.pop()) {
    let key: number;
    if (birth.founderKey !== null) key = birth.founderKey;
    else {
      let keep: boolean;
      if (birth.day + lookTo <= today) {
        let sum = 0;
        for (let d = birth.day + lookFrom; d <= birth.day + lookTo; d++) sum += inMilk[d - origin] ?? 0;
        keep = sum / (lookTo - lookFrom + 1) < target;
        keepRate = 0.98 * keepRate + 0.02 * (keep ? 1 : 0);
      } else {
        // Too close to today for the count to be known: keep the recent share.
        keep = herdRng.chance(keepRate);
      }
      if (!keep) continue;
      key = nextKey++;
    }
    const life = lifeOf(key, birth, true);
    if (birth.founderKey === null) countMilking(life);
    const barnNumber = String(barnNumbers.assign(birth.day, life.exitDay));
    for (const calf of life.calves) {
      births.push({
        day: calf.birthDay,
        order: order++,
        founderKey: null,
        breed: birth.breed === "H" ? "H" : "X",
        sire: calf.sire,
        dam: barnNumber,
        milkLevel: Math.max(0.6, (1 + life.milkLevel) / 2 + herdRng.normal(0, P.cowMilkSd * 0.8)),
      });
    }
    if (life.exitDay !== null && life.exitDay < historyStart) continue;
    yield toRecord(key, barnNumber, birth, life, historyStart, today);
  }
}

/** The animal's rows inside the history; a lactation is kept while any of it lies inside. */
function toRecord(
  key: number,
  barnNumber: string,
  birth: Birth,
  life: AnimalLife,
  historyStart: number,
  today: number,
): DemoAnimalRecord {
  const lactations = life.lactations
    .filter((_l, i) => (life.lactations[i + 1]?.freshDay ?? life.exitDay ?? today) >= historyStart)
    .map((l) => ({
      animalKey: key,
      lact: l.lact,
      freshDate: isoOfDay(l.freshDay),
      dryDate: l.dryDay === null ? null : isoOfDay(l.dryDay),
    }));
  const events = [];
  for (const e of life.events) {
    if (e.day < historyStart) continue;
    events.push({
      animalKey: key,
      date: isoOfDay(e.day),
      code: e.code,
      lact: e.lact,
      dim: e.dim,
      remark: e.remark,
      protocol: e.protocol,
      technician: e.technician,
      pen: e.pen,
    });
  }
  const testDays = [];
  for (const t of life.testDays) {
    if (t.day < historyStart) continue;
    testDays.push({
      animalKey: key,
      date: isoOfDay(t.day),
      lact: t.lact,
      dim: t.dim,
      milkKg: t.milkKg,
      fatPct: t.fatPct,
      proteinPct: t.proteinPct,
      scc: t.scc,
    });
  }
  return {
    animal: {
      key,
      barnNumber,
      earTag: `RU54${String(key).padStart(8, "0")}`,
      birthDate: isoOfDay(birth.day),
      breed: birth.breed,
      sire: birth.sire,
      dam: birth.dam,
      pen: life.pen,
      exitDate: life.exitDay === null ? null : isoOfDay(life.exitDay),
      exitCode: life.exitCode,
      exitReason: life.exitReason,
    },
    lactations,
    events,
    testDays,
  };
}

/** The whole demo herd in memory (for the default size; stream big ones with streamDemoHerd). */
export function generateDemoHerd(options: DemoHerdOptions): DemoHerd {
  const herd: DemoHerd = { animals: [], lactations: [], events: [], testDays: [] };
  for (const record of streamDemoHerd(options)) {
    herd.animals.push(record.animal);
    herd.lactations.push(...record.lactations);
    herd.events.push(...record.events);
    herd.testDays.push(...record.testDays);
  }
  return herd;
}
