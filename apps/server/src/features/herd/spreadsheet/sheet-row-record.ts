import type { HerdSpreadsheetField } from "@nadoy/contract/herd-spreadsheet";
import type { Dc305Animal, Dc305ErrorRecord, Dc305RowRecord } from "../dc305/records.ts";
import type { SheetPlan } from "./sheet-plan.ts";
import {
  type Cell,
  cellDate,
  cellDecimal,
  cellInteger,
  cellShown,
  cellText,
  eventCode,
  INVALID,
  isEmptyCell,
} from "./sheet-values.ts";

// ---- A sheet row → the staged row the DC305 parser would give (or the first thing wrong with it) ----

/** A bound as Russian text: «99 999», «0,5». */
const russianNumber = (n: number) => n.toLocaleString("ru-RU").replace(/\u00a0/g, " ");

/** A value quoted in a message, cut so that junk cannot flood the preview. */
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

class RowValues {
  error: string | null = null;

  constructor(
    private readonly plan: SheetPlan,
    private readonly cells: readonly Cell[],
    private readonly line: number,
    private readonly latestYear: number,
  ) {}

  private cell(key: string): { cell: Cell; column: string; field: HerdSpreadsheetField } | null {
    const at = this.plan.fields.get(key);
    if (!at) return null;
    const cell = this.cells[at.column.index] ?? null;
    if (isEmptyCell(cell)) {
      // The field's name only when the column is named otherwise (no «Номер животного» twice).
      const field = at.column.name === at.field.label ? "" : ` (${at.field.label})`;
      if (at.field.required) this.fail(`не заполнен столбец «${at.column.name}»${field}`);
      return null;
    }
    return { cell, column: at.column.name, field: at.field };
  }

  text(key: string): string | null {
    const at = this.cell(key);
    return at === null ? null : cellText(at.cell);
  }

  date(key: string): string | null {
    const at = this.cell(key);
    if (at === null) return null;
    const day = cellDate(at.cell, this.latestYear);
    if (day !== INVALID) return day;
    this.fail(`неверная дата «${shown(cellShown(at.cell))}» в столбце «${at.column}» — нужна ДД.ММ.ГГГГ`);
    return null;
  }

  integer(key: string, min: number, max: number): number | null {
    const at = this.cell(key);
    if (at === null) return null;
    const n = cellInteger(at.cell);
    if (n !== INVALID && n >= min && n <= max) return n;
    this.fail(
      `в столбце «${at.column}» ожидается целое число от ${min} до ${max}, а стоит «${shown(cellShown(at.cell))}»`,
    );
    return null;
  }

  /** A number not below 0, and within the field's plausible range when it has one. */
  decimal(key: string): number | null {
    const at = this.cell(key);
    if (at === null) return null;
    const n = cellDecimal(at.cell);
    const value = shown(cellShown(at.cell));
    if (n === INVALID) {
      this.fail(`в столбце «${at.column}» ожидается число (например, 38,5), а стоит «${value}»`);
      return null;
    }
    const { min, max } = at.field.range ?? { min: 0, max: Number.POSITIVE_INFINITY };
    if (n < 0) this.fail(`в столбце «${at.column}» значение не может быть отрицательным, а стоит «${value}»`);
    else if (n < min || n > max) {
      this.fail(
        `в столбце «${at.column}» допустимо от ${russianNumber(min)} до ${russianNumber(max)}, а стоит «${value}»`,
      );
    } else return n;
    return null;
  }

  fail(what: string): void {
    this.error ??= `Строка ${this.line}: ${what}`;
  }
}

export function sheetRowRecord(
  plan: SheetPlan,
  cells: readonly Cell[],
  line: number,
  latestYear: number,
): Dc305RowRecord | Dc305ErrorRecord {
  const read = new RowValues(plan, cells, line, latestYear);
  const animal: Dc305Animal = {
    barn_number: read.text("barn_number") ?? "",
    ear_tag: read.text("ear_tag"),
    birth_date: read.date("birth_date"),
    breed: read.text("breed"),
    pen: read.text("pen"),
    lact: read.integer("lact", 0, 99),
    rc: null,
    dim: null,
    fresh_date: read.date("fresh_date"),
    dry_date: read.date("dry_date"),
    exit_date: read.date("exit_date"),
    conception_date: read.date("conception_date"),
    sire: read.text("sire"),
    dam: read.text("dam"),
  };
  const code = read.text("event_code");
  const eventDate = read.date("event_date");
  // Without its code or date (columns not mapped yet: the commit waits for them) a row has no event.
  const event =
    plan.kind === "events" && code !== null && eventDate !== null
      ? {
          code: eventCode(code),
          date: eventDate,
          dim: null,
          remark: read.text("remark") ?? "",
          protocol: read.text("protocol") ?? "",
          technician: read.text("technician") ?? "",
        }
      : null;
  const testDay =
    plan.kind === "test_days"
      ? {
          date: read.date("test_date"),
          milk_kg: read.decimal("milk_kg"),
          fat_pct: read.decimal("fat_pct"),
          protein_pct: read.decimal("protein_pct"),
          scc: read.decimal("scc"),
          dim: null,
        }
      : null;
  if (read.error !== null) return { type: "error", line, message: read.error };
  const attributes: Record<string, string> = Object.create(null);
  for (const column of plan.kept) {
    const cell = cells[column.index] ?? null;
    if (!isEmptyCell(cell)) attributes[column.name] = cellText(cell);
  }
  return { type: "row", line, animal, event, testDay, attributes };
}
