// WebSocket fan-out: deliveries per second to `members` board sockets (each a different member),
// through the app's hub (contract check, serialisation, backend, per-socket ordering), against a bare
// `ws` broadcast started in the same run; and the heap of `idle` idle main sockets, against bare ws.
// The app here is the server tests' app (PGlite in memory): fan-out does not touch the database.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { boardSocketPath, mainSocketPath } from "@nadoy/contract/realtime";
import WebSocket from "ws";
import { ports } from "./options.ts";
import { startProcess, stopProcess } from "./processes.ts";

const appMain = fileURLToPath(new URL("./ws-fanout-app.ts", import.meta.url));
const baselineMain = fileURLToPath(new URL("./ws-baseline-server.ts", import.meta.url));

/** Resolves with the first line of the child's stdout that matches. */
function nextLine(child: ChildProcess, match: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => match.test(l));
      if (line) {
        child.stdout?.off("data", onData);
        resolve(line);
      }
    };
    child.stdout?.on("data", onData);
  });
}

async function command(child: ChildProcess, line: string, answer: RegExp): Promise<string> {
  const reply = nextLine(child, answer);
  child.stdin?.write(`${line}\n`);
  return reply;
}

/** Opens `count` sockets (each from an address of its own) and resolves once each got its first frame. */
async function openSockets(urls: (i: number) => string, count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const opened = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const i = start + k;
      const ws = new WebSocket(urls(i), { headers: { "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` } });
      sockets.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once("message", () => resolve());
        ws.once("close", (code) => reject(new Error(`socket ${i} closed with ${code}`)));
        ws.once("error", reject);
      });
    });
    await Promise.all(opened);
  }
  return sockets;
}

/** Sends `messages` through the server and times until every socket has them all. */
async function fanout(child: ChildProcess, sockets: WebSocket[], messages: number): Promise<number> {
  const expected = sockets.length * messages;
  let delivered = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const onMessage = (data: WebSocket.RawData) => {
    if (!String(data).includes('"task_open"')) return;
    delivered += 1;
    if (delivered === expected) done();
  };
  for (const ws of sockets) ws.on("message", onMessage);
  const started = performance.now();
  await command(child, `publish ${messages}`, /published/);
  await all;
  const seconds = (performance.now() - started) / 1000;
  for (const ws of sockets) ws.off("message", onMessage);
  return expected / seconds;
}

async function heapMb(child: ChildProcess): Promise<number> {
  const line = await command(child, "memory", /^memory /);
  return (JSON.parse(line.slice("memory ".length)) as { heapUsed: number }).heapUsed / 1024 / 1024;
}

async function idleMemory(child: ChildProcess, url: (i: number) => string, idle: number): Promise<number> {
  const before = await heapMb(child);
  const sockets = await openSockets(url, idle);
  const after = await heapMb(child);
  for (const ws of sockets) ws.terminate();
  return ((after - before) * 1024) / idle;
}

const gc = ["--expose-gc", "--import", "tsx"];

export interface FanoutFigure {
  members: number;
  messages: number;
  idle: number;
  baseRate: number;
  appRate: number;
  ratio: number;
  baseKb: number;
  appKb: number;
}

export async function measureFanout(members: number, messages: number, idle: number): Promise<FanoutFigure> {
  // Baseline: bare ws.
  const basePort = ports.fanoutBase;
  const baseline = await startProcess(
    process.execPath,
    [...gc, baselineMain],
    { ...process.env, PORT: String(basePort) },
    /listening/,
  );
  let baseRate: number;
  let baseKb: number;
  try {
    const url = () => `ws://127.0.0.1:${basePort}/`;
    const sockets = await openSockets(url, members);
    await fanout(baseline, sockets, 20);
    baseRate = await fanout(baseline, sockets, messages);
    for (const ws of sockets) ws.terminate();
    baseKb = await idleMemory(baseline, url, idle);
  } finally {
    await stopProcess(baseline);
  }

  // The app.
  const dir = mkdtempSync(join(tmpdir(), "nadoy-fanout-"));
  const info = join(dir, "fanout.json");
  const appPort = ports.fanoutApp;
  const app = await startProcess(
    process.execPath,
    [...gc, appMain],
    { ...process.env, PORT: String(appPort), FANOUT_INFO: info, FANOUT_MEMBERS: String(members), LOG_LEVEL: "silent" },
    /fanout app ready/,
  );
  let appRate: number;
  let appKb: number;
  try {
    const { board, tokens } = JSON.parse(readFileSync(info, "utf8")) as { board: string; tokens: string[] };
    const base = `ws://127.0.0.1:${appPort}`;
    const sockets = await openSockets((i) => `${base}${boardSocketPath(board, tokens[i] ?? "")}`, members);
    await fanout(app, sockets, 20);
    appRate = await fanout(app, sockets, messages);
    for (const ws of sockets) ws.terminate();
    appKb = await idleMemory(app, (i) => `${base}${mainSocketPath(tokens[i % tokens.length] ?? "")}`, idle);
  } finally {
    await stopProcess(app);
    rmSync(dir, { recursive: true, force: true });
  }
  return { members, messages, idle, baseRate, appRate, ratio: appRate / baseRate, baseKb, appKb };
}
