// `npm run fuzz`: 1,000 schema-derived hostile requests per API route with fresh random seeds, on
// PGlite and — when TEST_DATABASE_URL is set — on PostgreSQL too, whose type errors (jsonb, text)
// differ from PGlite's. Extra arguments go to Vitest (`npm run fuzz -- -t "POST /api/chat"`).
import { spawnSync } from "node:child_process";

const projects = ["server:pglite", ...(process.env.TEST_DATABASE_URL ? ["server:postgres"] : [])];
const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), "test/fuzz", ...process.argv.slice(2)];
console.log(`fuzz: 1,000 cases per route on ${projects.join(" and ")}`);
const result = spawnSync("npx", args, {
  stdio: "inherit",
  env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? "1000", FUZZ_RANDOM: "1" },
});
process.exit(result.status ?? 1);
