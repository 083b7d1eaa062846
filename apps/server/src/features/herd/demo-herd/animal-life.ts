import type { DemoExitCode } from "./demo-herd-types.ts";

/** An event while simulating: days as numbers; DIM and pen are filled in when the life is finished. */
export interface LifeEvent {
  day: number;
  code: string;
  lact: number;
  remark: string;
  protocol: string;
  technician: string;
  /** MOVE only: the pen moved to. */
  toPen?: string;
}

export interface LifeTestDay {
  day: number;
  lact: number;
  dim: number;
  milkKg: number;
  fatPct: number;
  proteinPct: number;
  scc: number;
}

export interface LifeLactation {
  lact: number;
  freshDay: number;
  dryDay: number | null;
}

/** A female calf born alive: a candidate for the herd. */
export interface LifeCalf {
  birthDay: number;
  sire: string;
}

/** One simulated animal, from birth to exit or the end of the history. */
export interface AnimalLife {
  birthDay: number;
  breed: string;
  /** Genetic milk level (1 = average), handed on to daughters. */
  milkLevel: number;
  exitDay: number | null;
  exitCode: DemoExitCode | null;
  exitReason: string | null;
  /** Sorted by day; DIM and pens are set. */
  events: (LifeEvent & { dim: number; pen: string })[];
  lactations: LifeLactation[];
  testDays: LifeTestDay[];
  calves: LifeCalf[];
  /** Days in milk as [from, to) intervals: what the herd's keep decision counts. */
  milking: [number, number][];
  pen: string;
}

/** Same-day order: calving first, exits last, so a life reads right when sorted by (day, rank). */
const RANK: Record<string, number> = {
  FRESH: 0,
  RP: 1,
  MF: 1,
  ABORT: 2,
  PREG: 3,
  OPEN: 3,
  OK: 4,
  HEAT: 4,
  DNB: 4,
  BRED: 5,
  DRY: 6,
  MOVE: 7,
  SOLD: 9,
  DIED: 9,
};

export function byDayAndRank(a: LifeEvent, b: LifeEvent): number {
  return a.day - b.day || (RANK[a.code] ?? 8) - (RANK[b.code] ?? 8);
}
