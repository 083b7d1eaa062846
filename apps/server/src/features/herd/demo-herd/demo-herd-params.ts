/**
 * Every number the demo herd is simulated with, in one place. Figures follow HERD.md (its
 * "Demo herd: ranges a test must find"), dairy-extension benchmarks and Russian Holstein herds;
 * rates are per day unless the name says otherwise. Tuned so the KPIs land mid-range, not at a
 * boundary, at the default scale.
 */

/** A Wood's curve y(t) = a·t^b·e^(−c·t), kg/day at DIM t. */
export interface WoodCurve {
  a: number;
  b: number;
  c: number;
}

/** Parity classes used by most rates: heifers, first lactation, second, third and later. */
export type ParityClass = "heifer" | "first" | "second" | "later";

export function parityClass(lact: number): ParityClass {
  if (lact <= 0) return "heifer";
  if (lact === 1) return "first";
  return lact === 2 ? "second" : "later";
}

export const DEMO_HERD_PARAMS = {
  // ---- herd size and history ----
  /** Cows in milk the herd is steered to (× scale): heifer calves are kept only while the cows in
   * milk projected two years ahead stay under it; the rest are sold as calves (no record). */
  cowsInMilkTarget: 1200,
  /** Years of events written, ending at `today`. */
  historyYears: 5,
  /** Years simulated before the history starts and not written, so the age structure settles. */
  burnInYears: 3,
  /** Founders are born evenly over this many years before the simulation start (they have no dam). */
  founderSpreadYears: 8,
  /** Founders born per day (× scale): about the herd's steady replacement rate. */
  foundersPerDay: 1.55,
  /** Days ahead of a calf's birth at which her keep decision looks at cows in milk (her calving). */
  keepLookaheadDays: [700, 760] as const,
  /** The herd tests (DHI) once a month on this day of the month. */
  testDayOfMonth: 15,
  /** No test before this DIM (colostrum milk is not recorded). */
  firstTestDim: 5,

  // ---- reproduction ----
  /** Voluntary waiting period, days (HERD.md default). */
  vwpDays: 50,
  /** Oestrous cycle length, days, and its spread (±). */
  cycleDays: 21,
  cycleSpread: 2,
  /** Chance a heat is seen and the cow inseminated (heat detection rate) by parity class. */
  heatDetection: { heifer: 0.72, first: 0.4, second: 0.37, later: 0.35 } satisfies Record<ParityClass, number>,
  /** Conception per insemination by parity class (first service; later services a little lower). */
  conception: { heifer: 0.56, first: 0.42, second: 0.38, later: 0.35 } satisfies Record<ParityClass, number>,
  /** Conception falls by this factor per previous service in the same lactation. */
  conceptionPerRepeat: 0.96,
  /** Conception factor after retained placenta, metritis or ketosis in the lactation. */
  conceptionAfterDisease: 0.82,
  /** A cow not inseminated by this DIM gets timed AI (Ovsynch), ± 3 days. */
  timedAiDim: 75,
  /** After an OPEN check the cow is resynchronised and inseminated this many days later. */
  resynchDays: 10,
  /** Pregnancy check (ultrasound) this many days after insemination. */
  pregCheckDays: [30, 36] as const,
  /** Cows still open at this DIM, or after this many services, are marked do-not-breed (DNB). */
  dnbDim: { first: 280, second: 250, later: 220 },
  maxServices: 8,
  /** A DNB cow is sold this many days after DNB (she milks on until her yield drops). */
  dnbSaleDays: [30, 120] as const,
  /** Cows are not bred again from this lactation on; sold at DNB for age. */
  lastLactation: 8,
  /** Chance a pregnancy ends in abortion, by parity class; it happens on gestation day 45..150 and
   * the cow returns to open in the same lactation (a late abort would start a lactation; not modelled). */
  abortion: { heifer: 0.035, first: 0.06, second: 0.065, later: 0.07 } satisfies Record<ParityClass, number>,
  abortGestationDays: [45, 150] as const,
  /** Gestation length, days: mean and sd, cut to min..max (earlier is an abortion, not a calving). */
  gestationDays: { mean: 279, sd: 4, min: 268, max: 292 },
  /** Dry-off at about this many days pregnant (± 4). */
  dryAtDaysPregnant: 220,
  /** A heat seen and recorded before VWP (HEAT event), per lactation. */
  heatBeforeVwp: 0.3,
  /** Post-fresh vet check (OK event) between these DIM, for this share of cows. */
  vetCheckDim: [25, 40] as const,
  vetCheckShare: 0.75,

  // ---- heifer rearing ----
  /** First insemination at this age in days: about 13.8 months, sd 0.6 month. */
  heiferFirstServiceAge: { mean: 420, sd: 18 },
  /** Heifers still open at this age are DNB and sold. */
  heiferDnbAge: 640,
  /** Calf (0–60 days) mortality, then rearing mortality per day. */
  calfDeathRisk: 0.055,
  heiferDeathPerDay: 0.02 / 365,
  /** Calf diseases (events SCOUR, PNEU) in the first 90 days; a sick calf dies 3× more often. */
  scourRisk: 0.18,
  pneumoniaRisk: 0.1,
  /** Heifers sold for poor growth before breeding. */
  heiferPoorGrowthRisk: 0.02,

  // ---- calving ----
  /** Share of female calves (conventional semen). */
  femaleCalfShare: 0.47,
  /** Stillbirth risk by parity class of the calving (heifers calve as first lactation). */
  stillbirth: { first: 0.075, second: 0.04, later: 0.045 },
  /**
   * Twin calvings by parity class (HERD.md gives no rate): Holstein heifers rarely twin, cows more
   * with each lactation — about 4 % of the herd's calvings, within the 3–5 % usual for Holsteins.
   */
  twinning: { first: 0.01, second: 0.045, later: 0.06 },

  // ---- health (lactational risks; DIM windows when they happen) ----
  retainedPlacenta: 0.055,
  /** Retained placenta is this many times likelier after a stillbirth. */
  retainedPlacentaAfterStillbirth: 2.5,
  milkFever: { first: 0.005, second: 0.02, later: 0.05 },
  metritis: 0.07,
  metritisAfterRp: 0.35,
  ketosis: { first: 0.03, second: 0.05, later: 0.06 },
  ketosisDim: [5, 30] as const,
  displacedAbomasum: 0.025,
  displacedAbomasumDim: [3, 30] as const,
  /** Clinical mastitis hazard: first 30 DIM, rest of lactation, dry; ×2 after a case. New cases
   * come at least 14 days apart (HERD.md). */
  mastitisPerDay: { early: 0.003, milking: 0.0008, dry: 0.0003 },
  mastitisRecurrence: 2,
  /** A cow with this many mastitis cases in a lactation is sold with this chance. */
  mastitisCullCases: 3,
  mastitisCullRisk: 0.6,
  /** Lameness hazard while milking; a lame cow is sold with this chance. */
  lamenessPerDay: 0.0009,
  lamenessCullRisk: 0.06,

  // ---- culling and death of cows (per day; ×earlyFactor in the first 60 DIM) ----
  deathPerDay: { first: 0.035 / 365, second: 0.045 / 365, later: 0.055 / 365 },
  salePerDay: { first: 0.06 / 365, second: 0.11 / 365, later: 0.2 / 365 },
  earlyDim: 60,
  earlyDeathFactor: 2.5,
  earlySaleFactor: 1.8,
  /** Hazards while dry are this share of the milking ones. */
  dryHazardFactor: 0.4,
  /** After DA or milk fever a cow dies within 30 days with this chance. */
  deathAfterDaOrMf: 0.08,

  // ---- milk ----
  /** Wood's curves (HERD.md reference shapes): first lactation peaks lower and later, more persistent. */
  woodFirst: { a: 17, b: 0.2, c: 0.0026 } satisfies WoodCurve,
  woodLater: { a: 26.7, b: 0.178, c: 0.00414 } satisfies WoodCurve,
  /** Second lactation yields this share of the later-lactation curve. */
  secondLactationFactor: 0.97,
  /** Individual variation: the cow's genetic level (sd, persists) and the lactation's (sd). */
  cowMilkSd: 0.09,
  lactationMilkSd: 0.07,
  testMilkSd: 0.07,
  /** Milk is lower for 14 days after clinical mastitis, ketosis or DA. */
  sickMilkFactor: 0.82,
  /** Fat % = base + early·e^(−DIM/12) + late·DIM/305, with cow and test noise. */
  fat: { base: 3.55, early: 0.9, late: 0.62, cowSd: 0.18, testSd: 0.15 },
  protein: { base: 3.02, early: 0.45, late: 0.5, cowSd: 0.08, testSd: 0.07, firstLactation: 0.03 },
  /** SCC (thousands/ml) is log-normal: ln = base + cow + parity·(lact−1) + late·DIM + noise; a
   * mastitis case in the last 30 days multiplies it. */
  scc: { lnBase: Math.log(85), cowSd: 0.6, perParity: 0.15, perDim: 0.0015, testSd: 0.5, afterMastitis: 4 },
} as const;

export type DemoHerdParams = typeof DEMO_HERD_PARAMS;

/** Exit reasons: what a user reads (Russian); the DC305 remark is the same text in capitals. */
export const DEMO_EXIT_REASONS = {
  infertility: "Бесплодие",
  lowYield: "Низкий удой",
  lameness: "Хромота",
  mastitis: "Мастит",
  udder: "Болезни вымени",
  injury: "Травма",
  age: "Возраст",
  da: "Смещение сычуга",
  milkFever: "Родильный парез",
  pneumonia: "Пневмония",
  diarrhoea: "Диарея",
  unknown: "Причина не установлена",
  poorGrowth: "Отставание в росте",
} as const;

/** Causes of an unplanned sale and of death of a cow, with weights. */
export const COW_SALE_REASONS = [
  [DEMO_EXIT_REASONS.lowYield, 4],
  [DEMO_EXIT_REASONS.udder, 2],
  [DEMO_EXIT_REASONS.lameness, 2],
  [DEMO_EXIT_REASONS.injury, 1],
  [DEMO_EXIT_REASONS.mastitis, 1],
] as const;
export const COW_DEATH_REASONS = [
  [DEMO_EXIT_REASONS.injury, 3],
  [DEMO_EXIT_REASONS.unknown, 3],
  [DEMO_EXIT_REASONS.pneumonia, 1],
  [DEMO_EXIT_REASONS.mastitis, 1],
] as const;

/**
 * FRESH remark: the calf's sex (a twin calving names both calves: «ТЁЛКА БЫЧОК»), and «МЁРТВ» for
 * a stillborn calf (the KPIs read these words).
 */
export const CALF_FEMALE = "ТЁЛКА";
export const CALF_MALE = "БЫЧОК";
export const CALF_STILLBORN = "МЁРТВ";

/** Pens: calves, heifers, pregnant heifers, fresh cows, first-lactation and older milking groups,
 * low group (DNB), dry and close-up. Strings, as DC305 writes them. */
export const PENS = {
  calves: "10",
  heifers: "11",
  pregnantHeifers: "12",
  fresh: "1",
  firstLactation: "2",
  older: ["3", "4"],
  low: "5",
  dry: "7",
  closeUp: "8",
} as const;
/** Days before the due date a cow or heifer moves to the close-up pen. */
export const CLOSE_UP_DAYS = 21;
/** DIM at which a fresh cow leaves the fresh pen. */
export const FRESH_PEN_DAYS: readonly [number, number] = [18, 25];

export const TECHNICIANS = ["Иванова", "Петров", "Сидорова"] as const;
export const VETS = ["Кузнецов", "Смирнова"] as const;
/** Breeds as DC305 CBRD codes: Holstein and Black-and-White (чёрно-пёстрая). */
export const BREEDS = [
  ["H", 85],
  ["BW", 15],
] as const;
/** AI sire codes (NAAB-style); a batch of sires is in use for about a year. */
export const SIRES = [
  "7HO13250",
  "7HO14128",
  "1HO11885",
  "29HO18140",
  "11HO12457",
  "200HO10422",
  "7HO14532",
  "29HO18820",
  "1HO12743",
  "11HO13107",
  "200HO11235",
  "7HO15010",
  "29HO19364",
  "1HO13388",
  "11HO13951",
  "200HO12080",
] as const;
export const SIRES_PER_YEAR = 5;
/** Remarks and protocols by event, DC305-style short capitals. */
export const MASTITIS_QUARTERS = ["ЛП", "ПП", "ЛЗ", "ПЗ"] as const;
export const LAMENESS_LESIONS = ["ЯЗВА ПОДОШВЫ", "ДЕРМАТИТ", "БЕЛАЯ ЛИНИЯ", "ФЛЕГМОНА"] as const;
export const TREATMENTS: Record<string, string> = {
  MAST: "МАСТИЕТ ФОРТЕ",
  METR: "ЭКСЦЕНЕЛ",
  KETOSIS: "ПРОПИЛЕНГЛИКОЛЬ",
  MF: "КАЛЬЦИЙ В/В",
  RP: "ОКСИТОЦИН",
  DA: "ОПЕРАЦИЯ",
  LAME: "РАСЧИСТКА",
  DRY: "ОРБЕНИН",
  SCOUR: "РЕГИДРАТАЦИЯ",
  PNEU: "НИКСИН",
};
export const TIMED_AI = "OVSYNCH";
export const RESYNCH = "RESYNCH";
