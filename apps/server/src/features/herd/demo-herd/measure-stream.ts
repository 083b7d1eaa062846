import v8 from "node:v8";
import vm from "node:vm";
import { dc305EventsLines } from "./dc305-writer.ts";
import type { DemoAnimalRecord, DemoHerdOptions } from "./demo-herd-types.ts";
import { streamDemoHerd } from "./generate-demo-herd.ts";

export interface StreamMeasure {
  events: number;
  animals: number;
  bytes: number;
  cpuMs: number;
  wallMs: number;
  /** Largest live heap (after a full GC) above the heap before streaming, MB. */
  heapGrowthMb: number;
}

/** A full GC on demand, to see what is retained rather than what waits to be collected. */
function fullGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

/**
 * Streams a demo herd into DC305 EVENTS lines that are only counted, never kept, and samples the
 * live heap every `sampleEvery` animals: what the benchmark and the bounded-memory test measure.
 */
export function measureStream(options: DemoHerdOptions, sampleEvery = 2000): StreamMeasure {
  const gc = fullGc();
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let events = 0;
  let animals = 0;
  let bytes = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  function* counted(): Generator<DemoAnimalRecord> {
    for (const record of streamDemoHerd(options)) {
      events += record.events.length;
      if (++animals % sampleEvery === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      yield record;
    }
  }
  for (const line of dc305EventsLines(counted())) bytes += line.length;
  const used = process.cpuUsage(cpu);
  gc();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return {
    events,
    animals,
    bytes,
    cpuMs: (used.user + used.system) / 1000,
    wallMs: performance.now() - started,
    heapGrowthMb: (peak - base) / 2 ** 20,
  };
}
