import type { HeaderPlan } from "./header.ts";
import { INVALID, isMissing, parseDate, parseDecimal, parseInteger } from "./parse-values.ts";
import type { Dc305ErrorRecord, Dc305RowRecord, Dc305TestDay } from "./records.ts";
import type { SplitLine } from "./split-fields.ts";

// ---- A data line's values → a row (or the first thing wrong with it) ----

/** A value quoted in a message, cut so that junk cannot flood the preview. */
function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

export const unreadableText = (line: number) =>
  `Строка ${line}: нечитаемые символы — сохраните файл в UTF-8 или Windows-1252`;
export const tooLongText = (line: number) => `Строка ${line}: строка длиннее 64 КБ — это не выгрузка DC305`;

/** Typed reads of one line's values; the first problem is kept and the line refused with it. */
class LineValues {
  error: string | null = null;

  constructor(
    private readonly plan: HeaderPlan,
    private readonly values: string[],
    private readonly line: number,
    private readonly latestYear: number,
  ) {}

  text(index: number): string | null {
    if (index < 0) return null;
    const value = this.values[index] as string;
    return isMissing(value) ? null : value;
  }

  date(index: number): string | null {
    const value = this.text(index);
    if (value === null) return null;
    const iso = parseDate(value, this.latestYear);
    if (iso !== INVALID) return iso;
    this.fail(`неверная дата «${shown(value)}» в столбце ${this.plan.names[index]}`);
    return null;
  }

  integer(index: number, min: number, max: number): number | null {
    const value = this.text(index);
    if (value === null) return null;
    const n = parseInteger(value);
    if (n >= min && n <= max) return n;
    const range = min < 0 ? "целое число" : `целое число от ${min} до ${max}`;
    this.fail(`в столбце ${this.plan.names[index]} ожидается ${range}, а стоит «${shown(value)}»`);
    return null;
  }

  decimal(index: number): number | null {
    const value = this.text(index);
    if (value === null) return null;
    const n = parseDecimal(value);
    if (!Number.isNaN(n)) return n;
    this.fail(`в столбце ${this.plan.names[index]} ожидается число (с точкой), а стоит «${shown(value)}»`);
    return null;
  }

  fail(what: string): void {
    this.error ??= `Строка ${this.line}: ${what}`;
  }
}

/**
 * The line's row. `split` holds the line's values (splitFields of `text`); a trailing comma's empty
 * value is dropped; surplus values (commas in free text, which DC305 does not quote) are joined
 * back into Remark, or refuse the line when there is none; too few values refuse it (cut short).
 */
export function readRow(
  text: string,
  split: SplitLine,
  plan: HeaderPlan,
  latestYear: number,
  line: number,
): Dc305RowRecord | Dc305ErrorRecord {
  const width = plan.names.length;
  const values = split.values;
  let count = split.count;
  if (count > width && values[count - 1] === "") count--;
  if (count > width) {
    const surplus = count - width;
    const at = plan.columns.remark;
    if (at < 0) {
      const extra = text.slice(split.starts[width] as number, split.ends[count - 1]).trim();
      return error(
        line,
        `Строка ${line}: лишние поля (${surplus}): «${shown(extra)}» — в значениях запятые, а столбца Remark нет`,
      );
    }
    values[at] = text.slice(split.starts[at] as number, split.ends[at + surplus]).trim();
    for (let i = at + 1; i < width; i++) values[i] = values[i + surplus] as string;
  } else if (count < width) {
    // Counted as the user sees them: the trailing comma ends the last value, it does not start one.
    const given = values[count - 1] === "" && count > 1 ? count - 1 : count;
    return error(line, `Строка ${line}: не хватает полей — ${given} из ${width}; строка обрезана?`);
  }

  const c = plan.columns;
  const read = new LineValues(plan, values, line, latestYear);
  const barnNumber = read.text(c.barn_number);
  if (barnNumber === null) read.fail("нет номера животного (ID)");
  const events = plan.kind === "events";
  const dim = read.integer(c.dim, -100_000, 100_000);
  const animal = {
    barn_number: barnNumber ?? "",
    ear_tag: read.text(c.ear_tag),
    birth_date: read.date(c.birth_date),
    breed: read.text(c.breed),
    pen: read.text(c.pen),
    lact: read.integer(c.lact, 0, 99),
    rc: read.integer(c.rc, 0, 7),
    dim: events ? null : dim,
    fresh_date: read.date(c.fresh_date),
    dry_date: read.date(c.dry_date),
    exit_date: read.date(c.exit_date),
    conception_date: read.date(c.conception_date),
    sire: read.text(c.sire),
    dam: read.text(c.dam),
  };

  let event = null;
  if (events) {
    const code = read.text(c.code);
    const date = read.date(c.event_date);
    if (code === null) read.fail("нет кода события (Event)");
    else if (date === null && read.error === null) read.fail("нет даты события (Date)");
    event = {
      code: code === null ? "" : code.toUpperCase(),
      date: date ?? "",
      dim,
      remark: read.text(c.remark) ?? "",
      protocol: read.text(c.protocol) ?? "",
      technician: read.text(c.technician) ?? "",
    };
  }

  let testDay: Dc305TestDay | null = null;
  if (c.test_date >= 0 || c.milk_kg >= 0 || c.fat_pct >= 0 || c.protein_pct >= 0 || c.scc >= 0) {
    const day: Dc305TestDay = {
      date: read.date(c.test_date),
      milk_kg: read.decimal(c.milk_kg),
      fat_pct: read.decimal(c.fat_pct),
      protein_pct: read.decimal(c.protein_pct),
      scc: read.decimal(c.scc),
      dim,
    };
    const any =
      day.date !== null || day.milk_kg !== null || day.fat_pct !== null || day.protein_pct !== null || day.scc !== null;
    if (any) testDay = day;
  }

  if (read.error !== null) return error(line, read.error);
  const attributes: Record<string, string> = Object.create(null);
  for (const { index, name } of plan.kept) {
    const value = values[index] as string;
    if (value !== "") attributes[name] = value;
  }
  return { type: "row", line, animal, event, testDay, attributes };
}

function error(line: number, message: string): Dc305ErrorRecord {
  return { type: "error", line, message };
}
