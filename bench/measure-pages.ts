// `npx tsx bench/measure-pages.ts`: only the two JS-size figures (form and signed-in shell) of the
// built app, without the load benchmarks — the quick check while trimming the first page.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApp } from "./app-server.ts";
import { formPageJs, shellPageJs } from "./feedback-form.bench.ts";
import { ports } from "./options.ts";

const dataDir = mkdtempSync(join(tmpdir(), "nadoy-pages-"));
const app = await startApp({ port: ports.pages, dataDir, databaseUrl: undefined });
try {
  const form = await formPageJs(app);
  const shell = await shellPageJs(app);
  console.log(
    JSON.stringify({
      form_js_gzip_kb: +form.kb.toFixed(1),
      shell_js_gzip_kb: +shell.kb.toFixed(1),
      shell_files: shell.files,
    }),
  );
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
