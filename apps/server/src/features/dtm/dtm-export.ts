import { PassThrough, type Readable } from "node:stream";
import { TRANSFER_KIND_LABELS, TRANSFER_RESULT_LABELS } from "@nadoy/contract/dtm";
import ExcelJS from "exceljs";
import { drained } from "../../platform/xlsx-stream.ts";
import type { TransferRow } from "./dtm.repository.ts";

// A DTM entry's transfers as XLSX, streamed batch by batch (as the usage report). Texts sent by
// agents (errors, names) go in as text cells: exceljs never writes a string as a formula.

/** The first errors as lines «строка N: сообщение» (rows counted from 1). */
export function errorsText(row: Pick<TransferRow, "first_errors" | "error">): string {
  const errors = typeof row.first_errors === "string" ? JSON.parse(row.first_errors) : row.first_errors;
  const lines = (errors as { index: number; message: string }[]).map((e) => `строка ${e.index + 1}: ${e.message}`);
  return [row.error, ...lines].filter(Boolean).join("\n");
}

export function transfersXlsx(batches: AsyncIterable<TransferRow[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });

  void (async () => {
    const sheet = workbook.addWorksheet("Передачи");
    sheet.columns = [
      { header: "Время (МСК)", key: "at", width: 18, style: { numFmt: "dd.mm.yyyy hh:mm:ss" } },
      { header: "Ключ", key: "key", width: 28 },
      { header: "Начало ключа", key: "hint", width: 12 },
      { header: "IP", key: "ip", width: 16 },
      { header: "Что", key: "kind", width: 24 },
      { header: "База", key: "database", width: 24 },
      { header: "Получено строк", key: "received", width: 12 },
      { header: "Принято", key: "accepted", width: 10 },
      { header: "Отклонено", key: "rejected", width: 10 },
      { header: "Результат", key: "result", width: 12 },
      { header: "Ошибки", key: "errors", width: 60 },
    ];
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        sheet
          .addRow({
            // Excel dates have no time zone: the Moscow wall-clock time (DTM_TIME_ZONE, UTC+3 all
            // year), written as if UTC; the header says МСК, as the page does.
            at: new Date(new Date(row.at).getTime() + 3 * 60 * 60 * 1000),
            key: row.key_name,
            hint: row.key_hint,
            ip: row.ip,
            kind: TRANSFER_KIND_LABELS[row.kind],
            database: row.database_name,
            received: row.rows_received,
            accepted: row.rows_accepted,
            rejected: row.rows_rejected,
            result: TRANSFER_RESULT_LABELS[row.result],
            errors: errorsText(row),
          })
          .commit();
      }
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));

  return out;
}
