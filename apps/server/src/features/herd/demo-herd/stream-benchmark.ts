/**
 * Scratch benchmark, run by hand: `npx tsx apps/server/src/features/herd/demo-herd/stream-benchmark.ts [scale]`.
 * Streams a demo herd of about 1,000,000 events (scale 11) into DC305 EVENTS lines and prints
 * time and the live-heap growth; the test does the same on a smaller herd.
 */
import { measureStream } from "./measure-stream.ts";

const scale = Number(process.argv[2] ?? 11);
const m = measureStream({ seed: 1, today: "2026-11-26", scale }, 5000);
console.log(
  `scale ${scale}: ${m.events} events, ${m.animals} animals, ${(m.bytes / 2 ** 20).toFixed(0)} MB of EVENTS text; ` +
    `cpu ${(m.cpuMs / 1000).toFixed(1)} s, wall ${(m.wallMs / 1000).toFixed(1)} s; live heap growth ${m.heapGrowthMb.toFixed(1)} MB`,
);
