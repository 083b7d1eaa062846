import { saveBlob } from "../../../shared/lib/api-file.ts";
import { type Range, shownFigure, siteDay } from "./site-time.ts";

// What a monitoring page shows, as CSV for Excel: semicolons (the Russian list separator), a BOM so
// Excel reads UTF-8, numbers with a decimal comma, rounded as the screen shows them.

export type Cell = string | number | null | undefined;

const cellText = (cell: Cell): string => {
  if (cell === null || cell === undefined) return "";
  const text = typeof cell === "number" ? String(shownFigure(cell)).replace(".", ",") : cell;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(cellText).join(";")).join("\r\n");
}

export function saveCsv(rows: readonly (readonly Cell[])[], fileName: string): void {
  saveBlob(new Blob([`\uFEFF${toCsv(rows)}`], { type: "text/csv;charset=utf-8" }), fileName);
}

/**
 * An export's file name, without extension: the database once, what the page shows, the site's
 * days — «Мониторинг «Заря» — датчики, 27.11.2026–28.11.2026» (no «:» of a time, which Windows refuses).
 */
export function exportFileName(database: string, what: string, range: Range, timeZone: string): string {
  const from = siteDay(range.from, timeZone);
  const to = siteDay(range.to, timeZone);
  return `${database} — ${what}, ${from === to ? from : `${from}–${to}`}`;
}
