import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { drained } from "../../platform/xlsx-stream.ts";
import type { DailyRow } from "./usage.repository.ts";
import { DELETED_USER, personOf } from "./usage-names.ts";

// The usage report as XLSX, written as a stream: rows go out batch by batch as the database hands
// them over, and the next batch is read only once the client has taken the previous one.
// Names typed by users go in as text: exceljs writes a string as a text cell, never as a formula.

export interface SectionTotal {
  section: string;
  hits: number;
  users: number;
}

export interface UsageWorkbook {
  /** Batches of (day, user, section) rows, in order. */
  daily: AsyncIterable<DailyRow[]>;
  /** Read once the daily sheet is written. */
  sections: () => Promise<SectionTotal[]>;
}

/** An ISO day as an Excel date (midnight UTC: Excel dates have no time zone). */
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`);

export function usageXlsx(source: UsageWorkbook): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });

  void (async () => {
    const days = workbook.addWorksheet("По дням");
    days.columns = [
      { header: "День", key: "day", width: 12, style: { numFmt: "dd.mm.yyyy" } },
      { header: "Пользователь", key: "name", width: 32 },
      { header: "Логин", key: "username", width: 20 },
      { header: "Раздел", key: "section", width: 28 },
      { header: "Переходы", key: "hits", width: 10 },
    ];
    for await (const batch of source.daily) {
      if (out.destroyed) return;
      for (const row of batch) {
        const person = personOf(row);
        days
          .addRow({
            day: excelDay(row.day),
            name: person?.name ?? DELETED_USER,
            username: person?.username ?? null,
            section: row.section,
            hits: row.hits,
          })
          .commit();
      }
      await drained(out);
    }
    days.commit();

    const sections = workbook.addWorksheet("По разделам");
    sections.columns = [
      { header: "Раздел", key: "section", width: 28 },
      { header: "Переходы", key: "hits", width: 10 },
      { header: "Пользователи", key: "users", width: 14 },
    ];
    for (const row of await source.sections()) sections.addRow(row).commit();
    sections.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));

  return out;
}
