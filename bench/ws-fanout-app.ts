// The app for the WebSocket benchmark, started the way the server tests start it (PGlite in memory),
// with one company, one board and N members who each may open the board socket. Writes the board and
// the members' access tokens to the file named by FANOUT_INFO, then takes commands on stdin:
// "publish <n>" sends n board events through the hub, "memory" prints the heap after a GC.
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Role } from "@nadoy/contract/roles";

process.env.NADOY_TEST_DB = "pglite";
const { startTestApp } = await import("../apps/server/test/test-app.ts");
const { accessTokenFor } = await import("../apps/server/test/callers.ts");
const { seedCompany } = await import("../apps/server/src/db/seed/companies.ts");
const { seedUser } = await import("../apps/server/src/db/seed/users.ts");
const { boards, workspaces } = await import("../apps/server/src/db/schema/index.ts");
const { topicOf } = await import("../apps/server/src/platform/realtime/channels.ts");

const members = Number(process.env.FANOUT_MEMBERS ?? "1000");
const t = await startTestApp({ TRUST_PROXY: "1" });
const db = t.database.db;
const { company } = await seedCompany(db, { name: "Бенчмарк" });
const [workspace] = await db.insert(workspaces).values({ companyId: company.id, name: "Бенчмарк" }).returning();
if (!workspace) throw new Error("no workspace");
const [board] = await db.insert(boards).values({ workspaceId: workspace.id, name: "Рассылка" }).returning();
if (!board) throw new Error("no board");
const tokens: string[] = [];
for (let i = 0; i < members; i++) {
  const user = await seedUser(db, { username: `bench${i}`, roles: [Role.zootechnician], companyIds: [company.id] });
  tokens.push(await accessTokenFor(t, user.id));
}
await t.app.listen({ port: Number(process.env.PORT ?? "18194"), host: "127.0.0.1" });
writeFileSync(process.env.FANOUT_INFO ?? "fanout.json", JSON.stringify({ board: board.uuid, tokens }));

const topic = topicOf("board", board.uuid);
createInterface({ input: process.stdin }).on("line", async (line) => {
  const [command, arg] = line.trim().split(" ");
  if (command === "publish") {
    const started = performance.now();
    for (let i = 1; i <= Number(arg); i++) {
      await t.app.realtime.publish("board", { type: "task_open", board_id: board.uuid, user_id: 1, task_id: i }, topic);
    }
    console.log(`published in ${(performance.now() - started).toFixed(0)} ms`);
  } else if (command === "memory") {
    // Twice: the first pass may leave what finalisers freed (closed sockets) for the second.
    globalThis.gc?.();
    globalThis.gc?.();
    console.log(`memory ${JSON.stringify(process.memoryUsage())}`);
  }
});
console.log("fanout app ready");
