import type { MonitoringState } from "../../../db/schema/index.ts";

/**
 * Every number the demo monitoring site is generated with, in one place. Figures follow HERD.md
 * "## Energy": a dairy uses about 800–1,200 kWh per cow a year, milking, cooling and hot water
 * about half of it, substation losses 5–6 %. Powers are kW, temperatures °C, rates per day.
 * Tuned so a year lands near 950 kWh per cow (input meter), not at a boundary.
 */

const ROBOT_STATES: MonitoringState[] = [
  { code: "milking", name: "Доение", color: "#2e7d32" },
  { code: "idle", name: "Ожидание", color: "#9e9e9e" },
  { code: "washing", name: "Промывка", color: "#1565c0" },
  { code: "fault", name: "Авария", color: "#c62828" },
];

const ON_OFF: MonitoringState[] = [
  { code: "on", name: "Работает", color: "#2e7d32" },
  { code: "off", name: "Выключен", color: "#9e9e9e" },
];

export const DEMO_SITE_PARAMS = {
  site: { name: "Демо-ферма", timeZone: "Europe/Moscow" },
  /** Europe/Moscow is UTC+3 all year (no daylight saving since 2014): local hours are UTC + 3. */
  utcOffsetMinutes: 180,
  cows: 400,

  robots: {
    names: ["Доильный робот №1", "Доильный робот №2"],
    states: ROBOT_STATES,
    /** kW by state. */
    powerKw: { milking: 5, idle: 1, washing: 10, fault: 0.5 } as Record<string, number>,
    /** Local hours of the milking peaks [from, to) (the herd is fetched to the robots twice a day). */
    peaks: [
      [5, 9],
      [16, 20],
    ] as const,
    /** Chance a step is spent milking: in a peak, by day outside one, at night (22:00–05:00). */
    milkingChance: { peak: 0.9, day: 0.5, night: 0.25 },
    /** Local hours at whose first half-hour a robot washes. */
    washHours: [2, 10, 21],
    /** Faults per robot per day, and their length in minutes [min, max]. */
    faultsPerDay: 0.2,
    faultMinutes: [3, 60] as const,
  },

  /** Vacuum pumps, milk pumps and the water heater of the milking block (on the milking feeder). */
  milkingBlock: { baseKw: 3, peakKw: 22 },

  tanks: {
    names: ["Танк-охладитель №1", "Танк-охладитель №2"],
    compressorStates: ON_OFF,
    compressorKw: 7,
    /** Thermostat: the compressor starts above `onAbove` and stops below `offBelow`. */
    onAbove: 4.5,
    offBelow: 3.5,
    /** Milk temperature thresholds of the sensor. */
    low: 3,
    high: 6,
    /** Warming per hour with the compressor off: base, per °C of outside temperature above 0, and by warm milk in a peak. */
    warmingPerHour: { base: 0.5, perOutsideDegree: 0.04, peak: 1.6 },
    coolingPerHour: 3,
    /** Circulation pumps of the cooling room, always on. */
    baseKw: 2,
  },

  weather: {
    /** Yearly mean, half the yearly swing (coldest about 15 January), half the daily swing (coldest 05:00). */
    meanC: 5,
    yearAmplitudeC: 14,
    dayAmplitudeC: 5,
    /** Day-to-day weather: an AR(1) wander per step (sd) pulled back to 0. */
    wanderSd: 0.25,
    wanderPull: 0.01,
  },

  fans: {
    name: "Вентиляция коровника",
    count: 12,
    kwEach: 1.1,
    /** Share of the fans running: from `minShare` below `fromC` rising to all of them at `fullC`. */
    fromC: 8,
    fullC: 25,
    minShare: 0.1,
  },

  mixer: {
    name: "Кормосмеситель",
    states: ON_OFF,
    kw: 30,
    /** Local start times (minutes after midnight) and run length in minutes. */
    startsMinutes: [6 * 60 + 30, 15 * 60 + 30],
    runMinutes: 45,
  },

  /** Lighting, water pumps, manure scrapers, office (the «other» feeder, without the mixer). */
  other: { baseKw: 11, daylightKw: 3 },

  substation: {
    name: "ТП-1 10/0,4 кВ",
    /** Share of the input lost in the transformer and cables: drawn per step in [min, max]. */
    lossShare: [0.045, 0.06] as const,
    inputStartKwh: 1_234_567,
    inputRollover: 10_000_000,
    feederRollover: 100_000,
    /** Feeder registers at the start; «other» starts near the top so it wraps within days. */
    feederStartKwh: { milking: 41_250, cooling: 18_300, ventilation: 7_620, other: 99_600 },
  },
} as const;

/** The figures' types without their literal values: numbers any number, tuples and strings kept. */
type Widened<T> = T extends number ? number : T extends string ? T : { [K in keyof T]: Widened<T[K]> };

/**
 * The parameters, another site's name and herd allowed (the demo company's farm); its zone stays
 * the one `utcOffsetMinutes` is worked out for.
 */
export type DemoSiteParams = Omit<Widened<typeof DEMO_SITE_PARAMS>, "site"> & {
  site: { name: string; timeZone: (typeof DEMO_SITE_PARAMS)["site"]["timeZone"] };
};

/**
 * The parameters for a farm of `cows` cows: every electrical load scaled by cows ÷ 400 (the herd
 * the figures are tuned for), so that a year's kWh per cow stays near 950 whatever the herd. The
 * devices stay the same (the model's series do not change); the fans are whole fans. Temperatures
 * and timings do not scale: a bigger tank has a bigger compressor, and cools at the same rate.
 */
export function demoSiteParamsFor(site: DemoSiteParams["site"], cows: number): DemoSiteParams {
  const p = DEMO_SITE_PARAMS;
  const k = cows / p.cows;
  const powerKw = Object.fromEntries(Object.entries(p.robots.powerKw).map(([state, kw]) => [state, kw * k]));
  return {
    ...p,
    site,
    cows,
    robots: { ...p.robots, powerKw },
    milkingBlock: { baseKw: p.milkingBlock.baseKw * k, peakKw: p.milkingBlock.peakKw * k },
    tanks: { ...p.tanks, compressorKw: p.tanks.compressorKw * k, baseKw: p.tanks.baseKw * k },
    fans: { ...p.fans, count: Math.max(1, Math.round(p.fans.count * k)) },
    mixer: { ...p.mixer, kw: p.mixer.kw * k },
    other: { baseKw: p.other.baseKw * k, daylightKw: p.other.daylightKw * k },
  };
}
