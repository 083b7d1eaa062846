import { saveBlob } from "../../../shared/lib/api-file.ts";

// What a monitoring page shows, as CSV for Excel: semicolons (the Russian list separator), a BOM so
// Excel reads UTF-8, numbers with a decimal comma.

type Cell = string | number | null | undefined;

const cellText = (cell: Cell): string => {
  if (cell === null || cell === undefined) return "";
  const text = typeof cell === "number" ? String(cell).replace(".", ",") : cell;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(cellText).join(";")).join("\r\n");
}

export function saveCsv(rows: readonly (readonly Cell[])[], fileName: string): void {
  saveBlob(new Blob([`\uFEFF${toCsv(rows)}`], { type: "text/csv;charset=utf-8" }), fileName);
}
