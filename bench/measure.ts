// Closed-loop req/s of one URL with autocannon (`connections` at once, each sending its next
// request as soon as the last is answered), after a warm-up of the same URL.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { connections, seconds, warmSeconds } from "./options.ts";

export interface RateFigure {
  title: string;
  rps: number;
  p99: number;
  /**
   * CPU the server spent per answered request (user + system, µs), read from /proc: unlike req/s
   * it does not depend on how much of the shared cores the load generator takes. NaN off Linux.
   */
  cpuUs: number;
}

/** The server process whose CPU is counted (`pid`), with the target. */
export interface Measured {
  pid: number | undefined;
}

/** user + system CPU time of a process in µs (Linux /proc; clock ticks of 10 ms), or NaN. */
function cpuTimeUs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // After "pid (comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

export interface Target {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

async function run(target: Target, duration: number) {
  return autocannon({
    url: target.url,
    method: target.method ?? "GET",
    headers: { ...(target.body !== undefined && { "content-type": "application/json" }), ...target.headers },
    ...(target.body !== undefined && { body: target.body }),
    connections,
    duration,
  });
}

export async function measureRate(title: string, target: Target & Measured): Promise<RateFigure> {
  await run(target, warmSeconds);
  const cpuBefore = cpuTimeUs(target.pid);
  const result = await run(target, seconds);
  const cpuUs = (cpuTimeUs(target.pid) - cpuBefore) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { title, rps: result.requests.average, p99: result.latency.p99, cpuUs };
}

/** Sends `count` POSTs at once (each from its own address); ms until all answered, and their statuses. */
export async function burst(url: string, body: unknown, count: number) {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify(body),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  return { ms: performance.now() - started, statuses };
}
