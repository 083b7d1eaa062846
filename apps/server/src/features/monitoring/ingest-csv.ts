import { INGEST_ROWS_MAX } from "@nadoy/contract/monitoring-ingest";
import { CsvParser, type FileRecord, ImportFileError } from "../../platform/imports/csv-rows.ts";

// The CSV form of an ingestion batch (contract monitoring-ingest.ts): a header naming series_id,
// ts, value and optionally state, in any order, then one reading a line. Each line becomes the row
// object JSON senders send, so that reading-rows.ts checks both alike; an empty cell is absent.

const COLUMNS = ["series_id", "ts", "value", "state"] as const;
type Column = (typeof COLUMNS)[number];

export class IngestCsvError extends Error {
  override readonly name = "IngestCsvError";
}

/** Thrown when the CSV holds more readings than a batch takes (the route answers 413). */
export class IngestRowsOverError extends Error {
  override readonly name = "IngestRowsOverError";
}

const numberCell = (cell: string): number | string => {
  const n = Number(cell);
  return cell.trim() !== "" && Number.isFinite(n) ? n : cell;
};

/** The CSV text's readings as row objects; blank lines are skipped (and not counted). */
export function csvReadings(text: string): Record<string, unknown>[] {
  const records: FileRecord[] = [];
  const parser = new CsvParser(",");
  const emit = (record: FileRecord) => {
    if (record.cells.length === 1 && record.cells[0]?.trim() === "") return;
    if (records.length > INGEST_ROWS_MAX) throw new IngestRowsOverError();
    records.push(record);
  };
  try {
    parser.push(text, emit);
    parser.end(emit);
  } catch (error) {
    if (error instanceof ImportFileError) throw new IngestCsvError(error.message);
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) throw new IngestCsvError("Пустой CSV: нужна строка заголовка series_id,ts,value");
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !(COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0 || !names.includes("series_id") || !names.includes("ts")) {
    throw new IngestCsvError(
      `Заголовок CSV должен называть столбцы series_id, ts, value (и, для дискретных каналов, state); получено: ${header.cells.join(",").slice(0, 120)}`,
    );
  }
  return lines.map(({ cells }) => {
    const row: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = cells[i]?.trim() ?? "";
      if (cell === "") return;
      const column = name as Column;
      row[column] = column === "series_id" || column === "value" ? numberCell(cell) : cell;
    });
    return row;
  });
}
