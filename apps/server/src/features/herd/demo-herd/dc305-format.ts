/**
 * DC305's CSV layout, as in real exports: a quoted header ending in a comma; numbers right-aligned
 * in a fixed width followed by a space; text left-aligned and space-padded; dates MM/DD/YY, and
 * `00000000 ` (with its space) when missing; every line ends with a comma. Values wider than their
 * column overflow it, as DC305's do.
 */
export type Dc305Kind = "number" | "text" | "date" | "raw";

export interface Dc305Column {
  name: string;
  kind: Dc305Kind;
  /** Width of the value (numbers get one space more). */
  width?: number;
}

/** MM/DD/YY from an ISO date; `00000000 ` when missing. A reader takes YY as 20YY unless that is
 * more than a year after the file's latest date, else 19YY — right for ISO years 1927..2099 here. */
export function dc305Date(iso: string | null): string {
  if (iso === null) return "00000000 ";
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;
}

export function dc305Cell(column: Dc305Column, value: string | number | null): string {
  const width = column.width ?? 0;
  switch (column.kind) {
    case "date":
      return dc305Date(value === null ? null : String(value));
    case "number":
      return `${(value ?? "").toString().padStart(width)} `;
    case "text":
      return (value ?? "").toString().padEnd(width);
    case "raw":
      return (value ?? "").toString();
  }
}

export function dc305Header(columns: readonly Dc305Column[]): string {
  return `${columns.map((c) => `"${c.name}",`).join("")}\n`;
}

/** One data line with its trailing comma and newline; values in column order. */
export function dc305Line(columns: readonly Dc305Column[], values: readonly (string | number | null)[]): string {
  let line = "";
  for (const [i, column] of columns.entries()) line += `${dc305Cell(column, values[i] ?? null)},`;
  return `${line}\n`;
}
