// Issue 15: what one list import of a huge file costs the server — extra memory, the longest the
// event loop was held, and how soon the file is refused. The file is generated here: a ~900k-row
// XLSX of about 10 MB (as the client's) and a 10 MB CSV; each is read by platform/imports exactly as
// the import route reads it (LIST_ROWS_MAX, LIST_IMPORT_BYTES_MAX).
//   npx tsx --expose-gc bench/import.bench.ts        (alone; run.ts adds its figures to the JSON line)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { LIST_IMPORT_BYTES_MAX, LIST_ROWS_MAX } from "@nadoy/contract/lists";
import ExcelJS from "exceljs";
import { importRows } from "../apps/server/src/platform/imports/import-rows.ts";

const NAMES = ["Зорька", "Марта", "Ночка", "Буренка", "Звёздочка", "Майка", "Лада", "Ромашка"];
const XLSX_ROWS = 900_000;

/** The big XLSX, written once per machine into the temp folder (streaming writer: ~20 s). */
async function bigXlsx(): Promise<string> {
  const path = join(tmpdir(), `nadoy-bench-import-${XLSX_ROWS}-v3.xlsx`);
  if (existsSync(path)) return path;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    zip: { zlib: { level: 9 } },
  });
  const sheet = workbook.addWorksheet("Лист1");
  sheet.addRow(["Кличка", "Надой, кг"]).commit();
  for (let i = 0; i < XLSX_ROWS; i++) sheet.addRow([NAMES[i % NAMES.length], (i * 7919) % 450]).commit();
  sheet.commit();
  await workbook.commit();
  return path;
}

function bigCsv(): string {
  const path = join(tmpdir(), "nadoy-bench-import-10mb.csv");
  if (existsSync(path)) return path;
  const lines = ["Кличка;Номер;Надой, кг;Дата"];
  let bytes = 0;
  for (let i = 0; bytes < LIST_IMPORT_BYTES_MAX - 100; i++) {
    const line = `${NAMES[i % NAMES.length]} ${i % 5000};${100_000 + i};${(i * 7919) % 450};2024-01-${String(1 + (i % 28)).padStart(2, "0")}`;
    bytes += Buffer.byteLength(line) + 1;
    lines.push(line);
  }
  writeFileSync(path, lines.join("\n"));
  return path;
}

export interface ImportFigure {
  file: string;
  mb: number;
  answer: string;
  refuseMs: number;
  peakExtraRssMb: number;
  maxLoopStallMs: number;
}

/** Reads `body` as the import route does; memory and event-loop delay are sampled all along. */
async function measureOne(file: string, format: "csv" | "xlsx", body: Buffer): Promise<ImportFigure> {
  (globalThis as { gc?: () => void }).gc?.();
  const baseRss = process.memoryUsage.rss();
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  let answer = "accepted";
  try {
    const source = format === "csv" ? Readable.from([body]) : body;
    for await (const _batch of importRows(source, { format, maxRows: LIST_ROWS_MAX, maxBytes: LIST_IMPORT_BYTES_MAX })
      .batches) {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }
  } catch (error) {
    answer = `${(error as { status?: number }).status ?? "?"} ${(error as Error).message}`;
  }
  const refuseMs = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  return {
    file,
    mb: body.length / 2 ** 20,
    answer,
    refuseMs,
    peakExtraRssMb: (peakRss - baseRss) / 2 ** 20,
    maxLoopStallMs: delay.max / 1e6,
  };
}

/** Each file is measured in a process of its own (a fresh heap: RSS grows only by what the import takes). */
export async function measureImport(): Promise<ImportFigure[]> {
  const files: [string, "csv" | "xlsx", string][] = [
    [`XLSX ${XLSX_ROWS.toLocaleString("ru-RU")} rows`, "xlsx", await bigXlsx()],
    ["CSV", "csv", bigCsv()],
  ];
  const self = fileURLToPath(import.meta.url);
  return files.map(([title, format, path]) => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--expose-gc", self, "--measure", format, path], {
      encoding: "utf8",
    });
    const figure = JSON.parse(out.trim().split("\n").pop() as string) as ImportFigure;
    return { ...figure, file: `${title} (${(statSync(path).size / 2 ** 20).toFixed(1)} MB)` };
  });
}

const measureAt = process.argv.indexOf("--measure");
if (measureAt > 0) {
  const format = process.argv[measureAt + 1] as "csv" | "xlsx";
  const path = process.argv[measureAt + 2] as string;
  console.log(JSON.stringify(await measureOne(path, format, readFileSync(path))));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await measureImport()) {
    console.log(
      `${f.file}: ${f.answer.slice(0, 60)} in ${f.refuseMs.toFixed(0)} ms; peak extra RSS ${f.peakExtraRssMb.toFixed(0)} MB; ` +
        `max event-loop delay ${f.maxLoopStallMs.toFixed(1)} ms`,
    );
  }
}
