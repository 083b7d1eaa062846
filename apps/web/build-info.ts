// Build-time facts shown in the About dialog, read by vite.config.ts and vitest.config.ts and
// injected with Vite `define` (see src/build-info.d.ts).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (paths, not URL objects: jsdom replaces the global URL in web tests). */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The newest entry of CHANGELOG.md: its heading is `## <version> — <YYYY-MM-DD>`. */
export function newestChangelogEntry(markdown: string): { version: string; date: string } {
  const match = /^##\s+\[?(\d+\.\d+\.\d+)\]?\s+[—–-]\s+(\d{4}-\d{2}-\d{2})\s*$/m.exec(markdown);
  if (!match?.[1] || !match[2]) throw new Error("CHANGELOG.md has no entry headed «## <version> — <YYYY-MM-DD>»");
  return { version: match[1], date: match[2] };
}

export function readBuildInfo(): { version: string; releaseDate: string } {
  const pkg = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, "package.json"), "utf8")) as { version: string };
  const { date } = newestChangelogEntry(readFileSync(resolve(REPOSITORY_ROOT, "CHANGELOG.md"), "utf8"));
  return { version: pkg.version, releaseDate: date };
}

/** The `define` entries for Vite and Vitest. */
export function buildInfoDefines(): Record<string, string> {
  const info = readBuildInfo();
  return { __APP_VERSION__: JSON.stringify(info.version), __APP_RELEASE_DATE__: JSON.stringify(info.releaseDate) };
}
