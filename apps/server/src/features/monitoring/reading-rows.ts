import type { MonitoringSeriesKind, MonitoringState } from "../../db/schema/index.ts";

// What an ingestion batch's rows must be, checked before anything is written: a bad row is
// reported by its index with a Russian message and the others go in (ingest.ts).

/** A row as a device or gateway sends it: a numeric series takes value, a state channel state. */
export interface ReadingRowInput {
  series_id: number;
  /** ISO 8601 with an offset: 2026-03-01T07:30:00+07:00 or …Z. */
  ts: string;
  value?: number;
  state?: string;
}

/** What validation needs to know of a series. */
export interface SeriesForIngest {
  id: number;
  kind: MonitoringSeriesKind;
  name: string;
  states: MonitoringState[] | null;
}

/** An accepted row; ts is UTC to the millisecond (what the batch is deduplicated and stored by), ms the same instant. */
type CheckedReading =
  | { seriesId: number; ts: string; ms: number; kind: "number"; value: number }
  | { seriesId: number; ts: string; ms: number; kind: "state"; state: string };
export type GoodReading = CheckedReading & { index: number };

/** A numeric reading of a batch (one per series and instant: lastPerInstant). */
export interface NumericReading {
  seriesId: number;
  ts: string;
  ms: number;
  value: number;
}

/** A state channel's reading as its write takes it (series, ts, state). */
export interface StateReadingRow {
  s: number;
  t: string;
  v: string;
}

export interface RejectedRow {
  index: number;
  message: string;
}

/** Readings older than this are a device's unset clock, not history (and would each want a partition). */
export const OLDEST_READING = Date.UTC(2000, 0, 1);
/** A reading may run ahead of the server's clock by this much (a gateway's clock drifts), no more. */
export const FUTURE_SLACK_MS = 24 * 3_600_000;

const ISO_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Milliseconds since the epoch of an ISO 8601 time with an offset, or null. The local date and
 * time must exist as written: Date.parse would turn 2026-02-30 into 2 March.
 */
export function parseReadingTime(ts: string): number | null {
  return readingInstant(ts)?.ms ?? null;
}

/** parseReadingTime's instant with its UTC text to the millisecond (what a reading is stored by). */
function readingInstant(ts: string): { ms: number; iso: string } | null {
  const utc = canonicalUtcMs(ts);
  if (utc !== null) return { ms: utc, iso: ts };
  const match = ISO_WITH_OFFSET.exec(ts);
  if (!match) return null;
  const ms = Date.parse(ts);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  const offset = match[2] ?? "Z";
  // A UTC time (what gateways send) is checked against its own UTC text: one formatting a row.
  if (offset === "Z") return iso.slice(0, 16) === match[1] ? { ms, iso } : null;
  const offsetMinutes = (offset[0] === "-" ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 16);
  return local === match[1] ? { ms, iso } : null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : (DAYS_IN_MONTH[month - 1] as number);

/** The digits of ts from `from` to `to` as a number, or -1 if any is not a digit. */
function digits(ts: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = ts.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The instant of a time written exactly as toISOString writes it (2026-03-01T07:30:00.000Z, what
 * gateways and our own simulator send), read digit by digit; null for any other form, which the
 * general path reads. A regex, Date.parse and toISOString a row were a twentieth of a 10,000-row
 * batch's time; here the text is its own UTC text.
 */
function canonicalUtcMs(ts: string): number | null {
  if (ts.length !== 24 || ts[23] !== "Z" || ts[4] !== "-" || ts[7] !== "-" || ts[10] !== "T") return null;
  if (ts[13] !== ":" || ts[16] !== ":" || ts[19] !== ".") return null;
  const year = digits(ts, 0, 4);
  const month = digits(ts, 5, 7);
  const day = digits(ts, 8, 10);
  const hour = digits(ts, 11, 13);
  const minute = digits(ts, 14, 16);
  const second = digits(ts, 17, 19);
  const milli = digits(ts, 20, 23);
  // (Date.UTC reads years below 100 as 19xx: those take the general path.)
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || milli < 0) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, milli);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The series id a row names, when it names one at all (for looking the series up before validating). */
export function seriesIdOf(row: unknown): number | null {
  if (!isRecord(row)) return null;
  const id = row.series_id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Checks every row against the database's series; nothing here reads the database. */
export function validateReadingRows(
  rows: readonly unknown[],
  series: ReadonlyMap<number, SeriesForIngest>,
  now: number,
  /** The start of the retention window (retention.ts keptSince): older readings are refused. */
  keptSince?: number,
): { good: GoodReading[]; rejected: RejectedRow[] } {
  const good: GoodReading[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const result = checkRow(row, index, series, now, keptSince);
    if (typeof result === "string") rejected.push({ index, message: result });
    else good.push(result);
  });
  return { good, rejected };
}

function checkRow(
  row: unknown,
  index: number,
  seriesById: ReadonlyMap<number, SeriesForIngest>,
  now: number,
  keptSince: number | undefined,
): GoodReading | string {
  if (!isRecord(row)) return "Строка должна быть объектом {series_id, ts, value | state}";
  const seriesId = seriesIdOf(row);
  if (seriesId === null) return "Не указан ряд: series_id должен быть целым положительным числом";
  const series = seriesById.get(seriesId);
  if (!series) return `Ряд ${seriesId} не найден в этой базе мониторинга`;
  if (typeof row.ts !== "string") return "Не указано время показания (ts)";
  const instant = readingInstant(row.ts);
  if (instant === null) {
    return `Время «${row.ts.slice(0, 40)}» не распознано: нужна дата ISO 8601 со смещением, например 2026-03-01T07:30:00+07:00`;
  }
  const { ms, iso: ts } = instant;
  if (ms < OLDEST_READING) return "Время показания раньше 2000 года: проверьте часы устройства";
  if (ms > now + FUTURE_SLACK_MS) return "Время показания больше чем на сутки впереди: проверьте часы устройства";
  if (keptSince !== undefined && ms < keptSince) {
    return `Показание старше срока хранения: принимаются показания с ${new Date(keptSince).toISOString().slice(0, 10)}`;
  }
  const hasValue = row.value !== undefined && row.value !== null;
  const hasState = row.state !== undefined && row.state !== null;

  if (series.kind === "state") {
    if (hasValue) return `«${series.name}» — дискретный канал: нужно состояние (state), а не значение (value)`;
    if (!hasState) return `Нет состояния (state) для канала «${series.name}»`;
    if (typeof row.state !== "string" || row.state === "") return "Состояние (state) должно быть непустой строкой";
    const known = series.states;
    if (known && known.length > 0 && !known.some((s) => s.code === row.state)) {
      return `Состояние «${row.state.slice(0, 40)}» не описано у канала «${series.name}»`;
    }
    return { seriesId, ts, ms, kind: "state", state: row.state, index };
  }
  if (hasState) return `«${series.name}» — числовой ряд: нужно значение (value), а не состояние (state)`;
  if (!hasValue) return `Нет значения (value) для ряда «${series.name}»`;
  if (typeof row.value !== "number" || !Number.isFinite(row.value))
    return "Значение (value) должно быть конечным числом";
  if (series.kind === "energy" && row.value < 0) return "Показание счётчика энергии не может быть отрицательным";
  return { seriesId, ts, ms, kind: "number", value: row.value, index };
}

/**
 * One reading per series and instant: a batch naming the same series and ts twice keeps the later
 * row (as a later batch replaces an earlier one), so the upsert never meets its own row twice.
 */
export function lastPerInstant(good: readonly GoodReading[]): readonly GoodReading[] {
  // A gateway sends each series in time order: then no instant repeats, and the batch is kept as
  // it is (a map keyed by series and time was a tenth of a 10,000-row batch's time in the app).
  const lastMs = new Map<number, number>();
  let ordered = true;
  for (const reading of good) {
    const last = lastMs.get(reading.seriesId);
    if (last !== undefined && reading.ms <= last) {
      ordered = false;
      break;
    }
    lastMs.set(reading.seriesId, reading.ms);
  }
  if (ordered) return good;
  const byKey = new Map<string, GoodReading>();
  for (const reading of good) byKey.set(`${reading.seriesId}|${reading.ts}`, reading);
  return [...byKey.values()];
}

/** A batch's readings by kind: numeric ones (sensors, meters) and state channels' ones. */
export function readingsByKind(readings: readonly GoodReading[]): {
  numbers: NumericReading[];
  states: StateReadingRow[];
} {
  const numbers: NumericReading[] = [];
  const states: StateReadingRow[] = [];
  for (const r of readings) {
    if (r.kind === "number") numbers.push(r);
    else states.push({ s: r.seriesId, t: r.ts, v: r.state });
  }
  return { numbers, states };
}
