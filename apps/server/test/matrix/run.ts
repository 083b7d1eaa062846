import { buildPath } from "@nadoy/contract/http";
import { WebSocket } from "ws";
import type { RouteEntry } from "../../src/platform/route-table.ts";
import { socketBase } from "../sockets.ts";
import type { MatrixFixture } from "./fixture.ts";
import { type Expected, type Row, WHO, type Who } from "./types.ts";

/** "METHOD /path/" of a route-table entry, the key rows are matched by. */
export const routeKey = (entry: Pick<RouteEntry, "method" | "url">) => `${entry.method} ${entry.url}`;

/** Calls the row's route once as `who` and answers the status. */
export async function callAs(fx: MatrixFixture, row: Row, who: Who): Promise<number> {
  if (row.probe) return row.probe(fx, who);
  const [method, path] = row.route.split(" ") as [string, string];
  const send = row.send ? await row.send(fx, who) : {};
  const url = buildPath(path, send.params);
  const res = await fx.t.request({
    method: method as "GET",
    url,
    token: fx.tokens[who],
    ...(send.query && { query: send.query }),
    ...(send.body !== undefined && { payload: send.body as object }),
    ...(send.raw && { payload: send.raw.payload, headers: { "content-type": send.raw.contentType } }),
  });
  return res.statusCode;
}

/** What every caller got, in the order of WHO (one at a time: some rows make fresh resources). */
export async function statusesOf(fx: MatrixFixture, row: Row): Promise<Expected> {
  const result = {} as Expected;
  for (const who of WHO) result[who] = await callAs(fx, row, who);
  return result;
}

/**
 * Opens a WebSocket as `who` (token in the query, none for anonymous) and answers 101 when the
 * server's first frame arrives (the socket was accepted), or the close code it sent instead.
 */
export async function socketOutcome(fx: MatrixFixture, path: string, who: Who): Promise<number> {
  const base = await socketBase(fx.t);
  const token = fx.tokens[who];
  const ws = new WebSocket(`${base}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  const outcome = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no frame and no close on ${path} for ${who}`)), 5_000);
    const done = (value: number) => {
      clearTimeout(timer);
      resolve(value);
    };
    ws.once("message", () => done(101));
    ws.once("close", (code) => done(code));
    ws.once("unexpected-response", (_req, res) => done(res.statusCode ?? 0));
    ws.once("error", () => undefined);
  });
  if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) {
    const closed = new Promise((resolve) => ws.once("close", resolve));
    ws.close(1000);
    await closed;
  }
  return outcome;
}

/** A plain HTTP GET of a socket path (no upgrade). */
export async function plainGet(fx: MatrixFixture, path: string, who: Who): Promise<number> {
  const res = await fx.t.request({ method: "GET", url: path, token: fx.tokens[who] });
  return res.statusCode;
}
