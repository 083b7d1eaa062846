import type { MonitoringMeterRole, MonitoringSeriesKind, MonitoringState } from "../../../db/schema/index.ts";
import { Rng, seedFor } from "../../herd/demo-herd/prng.ts";
import { DEMO_SITE_PARAMS, type DemoSiteParams } from "./demo-site-params.ts";

// A deterministic demo monitoring site: the model (site, devices, substation, series, each named
// by a key) and a stream of its readings in time order. Every step of `stepMinutes` gives a
// reading of each numeric series; state channels give a reading when their state changes (robot
// faults start and end between steps). Meters read the energy of the steps before them; a power
// reading at t is the mean power of the step that starts at t.

export interface DemoDevice {
  key: string;
  /** What the device is, in Russian as the «Схема площадки» drawer shows it (free text, as an admin types it). */
  kind: string;
  name: string;
}

export interface DemoSeries {
  key: string;
  device?: string;
  substation?: string;
  meterRole?: MonitoringMeterRole;
  kind: MonitoringSeriesKind;
  name: string;
  unit?: string;
  low?: number;
  high?: number;
  states?: MonitoringState[];
  rollover?: number;
}

export interface DemoSiteModel {
  site: { name: string; timeZone: string };
  devices: DemoDevice[];
  substations: { key: string; name: string }[];
  series: DemoSeries[];
}

/** One reading: a numeric series takes value, a state channel state; ts is UTC ISO. */
export interface DemoReading {
  series: string;
  ts: string;
  value?: number;
  state?: string;
}

export const FEEDERS = ["milking", "cooling", "ventilation", "other"] as const;
export type Feeder = (typeof FEEDERS)[number];
const FEEDER_NAMES: Record<Feeder, string> = {
  milking: "Фидер доильного блока",
  cooling: "Фидер охлаждения молока",
  ventilation: "Фидер вентиляции",
  other: "Фидер прочих нагрузок",
};

export function demoSiteModel(params: DemoSiteParams = DEMO_SITE_PARAMS): DemoSiteModel {
  const devices: DemoDevice[] = [];
  const series: DemoSeries[] = [];
  params.robots.names.forEach((name, i) => {
    const key = `robot${i + 1}`;
    devices.push({ key, kind: "доильный робот", name });
    series.push({
      key: `${key}.state`,
      device: key,
      kind: "state",
      name: "Состояние",
      states: [...params.robots.states],
    });
  });
  params.tanks.names.forEach((name, i) => {
    const key = `tank${i + 1}`;
    devices.push({ key, kind: "танк-охладитель", name });
    series.push(
      {
        key: `${key}.compressor`,
        device: key,
        kind: "state",
        name: "Компрессор",
        states: [...params.tanks.compressorStates],
      },
      { key: `${key}.power`, device: key, kind: "power", name: "Мощность компрессора", unit: "кВт" },
      {
        key: `${key}.milk_temp`,
        device: key,
        kind: "sensor",
        name: "Температура молока",
        unit: "°C",
        low: params.tanks.low,
        high: params.tanks.high,
      },
    );
  });
  devices.push({ key: "fans", kind: "вентиляция", name: params.fans.name });
  series.push(
    { key: "fans.outside_temp", device: "fans", kind: "sensor", name: "Температура наружного воздуха", unit: "°C" },
    { key: "fans.power", device: "fans", kind: "power", name: "Мощность вентиляторов", unit: "кВт" },
  );
  devices.push({ key: "mixer", kind: "кормосмеситель", name: params.mixer.name });
  series.push({ key: "mixer.state", device: "mixer", kind: "state", name: "Работа", states: [...params.mixer.states] });
  const sub = params.substation;
  series.push(
    {
      key: "input.energy",
      substation: "tp1",
      meterRole: "input",
      kind: "energy",
      name: "Ввод: энергия",
      unit: "кВт·ч",
      rollover: sub.inputRollover,
    },
    { key: "input.power", substation: "tp1", meterRole: "input", kind: "power", name: "Ввод: мощность", unit: "кВт" },
  );
  for (const feeder of FEEDERS) {
    series.push({
      key: `feeder.${feeder}`,
      substation: "tp1",
      meterRole: "feeder",
      kind: "energy",
      name: FEEDER_NAMES[feeder],
      unit: "кВт·ч",
      rollover: sub.feederRollover,
    });
  }
  return {
    site: { ...params.site },
    devices,
    substations: [{ key: "tp1", name: sub.name }],
    series,
  };
}

export interface DemoReadingsOptions {
  seed: number;
  /** ISO or ms; steps run from `from` (inclusive) to `to` (exclusive). */
  from: string | number;
  to: string | number;
  stepMinutes?: number;
  params?: DemoSiteParams;
}

const DAY_MS = 86_400_000;
const round2 = (x: number) => Math.round(x * 100) / 100;
/** A register's display: whole hundredths, cut as a meter's digits are (never showing the rollover itself). */
const register = (kwh: number, rollover: number) => (Math.floor(kwh * 100) % (rollover * 100)) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const asMs = (t: string | number) => (typeof t === "number" ? t : Date.parse(t));

/** Outside temperature without the weather's wander: the yearly and daily cycles. */
function climate(params: DemoSiteParams, ms: number, localHour: number): number {
  const w = params.weather;
  const yearStart = Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
  const dayOfYear = (ms - yearStart) / DAY_MS;
  const yearly = -Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
  const daily = -Math.cos((2 * Math.PI * (localHour - 5)) / 24);
  return w.meanC + w.yearAmplitudeC * yearly + w.dayAmplitudeC * daily;
}

/**
 * The readings of the demo site in time order: the same seed and span give the same rows. A
 * generator: the caller takes them in batches and nothing holds more than one step's rows.
 */
export function* demoReadings(options: DemoReadingsOptions): Generator<DemoReading> {
  const params = options.params ?? DEMO_SITE_PARAMS;
  const stepMinutes = options.stepMinutes ?? 15;
  // A fault starts a whole minute inside its step; an hour's step would skip the mixer's runs.
  if (!Number.isInteger(stepMinutes) || stepMinutes < 2 || stepMinutes > 30) {
    throw new Error("stepMinutes: a whole number from 2 to 30");
  }
  const stepMs = stepMinutes * 60_000;
  const stepHours = stepMinutes / 60;
  const from = asMs(options.from);
  const to = asMs(options.to);
  const rng = new Rng(seedFor(options.seed, 19));
  const { robots, tanks, fans, mixer, substation: sub } = params;

  const robotState: (string | null)[] = robots.names.map(() => null);
  const faultUntil: number[] = robots.names.map(() => Number.NEGATIVE_INFINITY);
  const tankTemp: number[] = tanks.names.map((_, i) => 3.8 + 0.4 * i);
  const compressorOn: boolean[] = tanks.names.map(() => false);
  const compressorSent: (boolean | null)[] = tanks.names.map(() => null);
  let mixerSent: boolean | null = null;
  let wander = 0;
  // Energy metered so far, kWh (unwrapped); registers show start + this, wrapped.
  const fed: Record<Feeder, number> = { milking: 0, cooling: 0, ventilation: 0, other: 0 };
  let input = 0;

  for (let t = from; t < to; t += stepMs) {
    const ts = new Date(t).toISOString();
    const localMinutes = (((t / 60_000 + params.utcOffsetMinutes) % 1440) + 1440) % 1440;
    const localHour = localMinutes / 60;
    const hourOfDay = Math.floor(localHour);
    const inPeak = robots.peaks.some(([a, b]) => hourOfDay >= a && hourOfDay < b);
    const night = hourOfDay >= 22 || hourOfDay < 5;
    const rows: DemoReading[] = [];
    const later: DemoReading[] = [];

    // ---- milking robots ----
    let milkingKw = params.milkingBlock.baseKw + (inPeak ? params.milkingBlock.peakKw : 0);
    robots.names.forEach((_, i) => {
      const key = `robot${i + 1}.state`;
      const kw = (s: string) => robots.powerKw[s] ?? 0;
      const normal = (): string => {
        if ((robots.washHours as readonly number[]).includes(hourOfDay) && localMinutes % 60 < 30) return "washing";
        const p = inPeak ? robots.milkingChance.peak : night ? robots.milkingChance.night : robots.milkingChance.day;
        return rng.chance(p) ? "milking" : "idle";
      };
      let faultShare = 0;
      if ((faultUntil[i] as number) > t) {
        const end = faultUntil[i] as number;
        if (end < t + stepMs) {
          faultShare = (end - t) / stepMs;
          later.push({ series: key, ts: new Date(end).toISOString(), state: "idle" });
          robotState[i] = "idle";
          milkingKw += faultShare * kw("fault") + (1 - faultShare) * kw("idle");
        } else {
          milkingKw += kw("fault");
        }
        return;
      }
      const state = normal();
      if (state !== robotState[i]) rows.push({ series: key, ts, state });
      robotState[i] = state;
      if (rng.chance(robots.faultsPerDay * (stepMinutes / 1440))) {
        const start = t + rng.int(1, stepMinutes - 1) * 60_000;
        const end = start + rng.int(robots.faultMinutes[0], robots.faultMinutes[1]) * 60_000;
        faultUntil[i] = end;
        later.push({ series: key, ts: new Date(start).toISOString(), state: "fault" });
        const endInStep = Math.min(end, t + stepMs);
        faultShare = (endInStep - start) / stepMs;
        if (end < t + stepMs) {
          later.push({ series: key, ts: new Date(end).toISOString(), state: "idle" });
          robotState[i] = "idle";
        } else {
          robotState[i] = "fault";
        }
      }
      milkingKw += (1 - faultShare) * kw(state) + faultShare * kw("fault");
    });

    // ---- weather and fans ----
    wander = wander * (1 - params.weather.wanderPull) + rng.normal(0, params.weather.wanderSd);
    const outside = climate(params, t, localHour) + wander;
    rows.push({ series: "fans.outside_temp", ts, value: round2(outside) });
    const share = clamp((outside - fans.fromC) / (fans.fullC - fans.fromC), fans.minShare, 1);
    const fansKw = round2(fans.count * fans.kwEach * share);
    rows.push({ series: "fans.power", ts, value: fansKw });

    // ---- milk tanks ----
    let coolingKw = tanks.baseKw;
    tanks.names.forEach((_, i) => {
      const key = `tank${i + 1}`;
      const temp = tankTemp[i] as number;
      if (temp > tanks.onAbove) compressorOn[i] = true;
      else if (temp < tanks.offBelow) compressorOn[i] = false;
      const on = compressorOn[i] as boolean;
      if (on !== compressorSent[i]) rows.push({ series: `${key}.compressor`, ts, state: on ? "on" : "off" });
      compressorSent[i] = on;
      const kw = on ? round2(tanks.compressorKw * (1 + 0.01 * (outside - 10)) + rng.normal(0, 0.1)) : 0;
      rows.push({ series: `${key}.power`, ts, value: kw });
      rows.push({ series: `${key}.milk_temp`, ts, value: round2(temp + rng.normal(0, 0.05)) });
      coolingKw += kw;
      const w = tanks.warmingPerHour;
      const warming = w.base + w.perOutsideDegree * Math.max(outside, 0) + (inPeak ? w.peak : 0);
      tankTemp[i] = temp + (warming - (on ? tanks.coolingPerHour : 0)) * stepHours;
    });

    // ---- feed mixer and the rest ----
    const mixerOn = mixer.startsMinutes.some((s) => localMinutes >= s && localMinutes < s + mixer.runMinutes);
    if (mixerOn !== mixerSent) rows.push({ series: "mixer.state", ts, state: mixerOn ? "on" : "off" });
    mixerSent = mixerOn;
    const daylight = hourOfDay >= 6 && hourOfDay < 22;
    const otherKw = params.other.baseKw + (daylight ? params.other.daylightKw : 0) + (mixerOn ? mixer.kw : 0);

    // ---- substation: registers read the energy before t, then this step's energy is added ----
    const loss = sub.lossShare[0] + rng.next() * (sub.lossShare[1] - sub.lossShare[0]);
    const feederKw: Record<Feeder, number> = {
      milking: milkingKw,
      cooling: coolingKw,
      ventilation: fansKw,
      other: otherKw,
    };
    const totalKw = milkingKw + coolingKw + fansKw + otherKw;
    const inputKw = totalKw / (1 - loss);
    rows.push({ series: "input.energy", ts, value: register(sub.inputStartKwh + input, sub.inputRollover) });
    rows.push({ series: "input.power", ts, value: round2(inputKw) });
    for (const feeder of FEEDERS) {
      const value = register(sub.feederStartKwh[feeder] + fed[feeder], sub.feederRollover);
      rows.push({ series: `feeder.${feeder}`, ts, value });
      fed[feeder] += feederKw[feeder] * stepHours;
    }
    input += inputKw * stepHours;

    yield* rows;
    // Events inside the step (robot faults), in time order; one past `to` is not sent.
    later.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
    for (const row of later) if (Date.parse(row.ts) < to) yield row;
  }
}
