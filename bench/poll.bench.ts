// The notification poll of many users (spec §9: every 15 s): `users` distinct signed-in users, each
// with its own session and 5 notifications, polling POST /api/news/user_notifications/ round-robin
// at a fixed `rate` (20,000 users / 15 s = 1,333 req/s). An open-loop client of our own sends each
// request at its scheduled time, whether or not earlier ones were answered, over a keep-alive pool,
// and measures latency from that scheduled time (no coordinated omission). autocannon's overallRate
// is not used: it sends each connection's share of a second in a burst at the start of the second.
import { Agent, request } from "node:http";
import type { AppServer } from "./app-server.ts";
import { signAccessToken } from "./jwt.ts";
import type { Poller } from "./seed-pollers.ts";

export interface PollFigure {
  users: number;
  rate: number;
  seconds: number;
  sent: number;
  achievedRate: number;
  failed: number;
  /** Requests still unanswered when the run gave up: the server could not keep up with the rate. */
  unanswered: number;
  /** The server fell more than MAX_BACKLOG_S behind: sending stopped, p99 is at least the time waited. */
  saturated: boolean;
  p50: number;
  p99: number;
  max: number;
}

function post(agent: Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        agent,
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": 2 },
      },
      (res) => {
        res.on("data", () => undefined);
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    req.on("error", () => resolve(0));
    req.end("{}");
  });
}

/** Stop sending once this many seconds of requests are waiting for answers; wait this long for the rest. */
const MAX_BACKLOG_S = 3;
const DRAIN_S = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Sends `rate` × `seconds` polls at their scheduled times; latencies of all but the first `warm` seconds. */
export async function measurePoll(
  app: AppServer,
  pollers: Poller[],
  rate: number,
  seconds: number,
  warm = 2,
): Promise<PollFigure> {
  const tokens = pollers.map((p) => signAccessToken(app.jwtSecret, p.userId, p.sessionId));
  const url = new URL(`${app.url}/api/news/user_notifications/`);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * (seconds + warm));
  const warmCount = Math.round(rate * warm);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  let answered = 0;
  let saturated = false;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let drain: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      clearTimeout(drain);
      resolve();
    };
    const fire = (index: number) => {
      const scheduled = started + index * interval;
      void post(agent, url, tokens[index % tokens.length] ?? "").then((status) => {
        if (index >= warmCount) {
          latencies.push(performance.now() - scheduled);
          if (status !== 200) failed += 1;
        }
        answered += 1;
        if (answered === sent && (sent === total || saturated)) finish();
      });
    };
    const timer = setInterval(() => {
      if (sent - answered > rate * MAX_BACKLOG_S) saturated = true;
      if (saturated || sent === total) {
        clearInterval(timer);
        drain ??= setTimeout(finish, DRAIN_S * 1000);
        return;
      }
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      while (sent < due) fire(sent++);
    }, 1);
  });
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  // Requests never sent or never answered count as slower than anything measured.
  const measured = total - warmCount;
  const unanswered = Math.max(0, measured - latencies.length);
  latencies.sort((a, b) => a - b);
  const all = [...latencies, ...Array.from({ length: unanswered }, () => Number.POSITIVE_INFINITY)];
  const cap = (value: number) => (Number.isFinite(value) ? value : elapsed * 1000);
  return {
    users: tokens.length,
    rate,
    seconds,
    sent,
    achievedRate: answered / elapsed,
    failed,
    unanswered,
    saturated,
    p50: cap(percentile(all, 50)),
    p99: cap(percentile(all, 99)),
    max: cap(all[all.length - 1] ?? Number.NaN),
  };
}
