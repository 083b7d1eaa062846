// The baselines: a bare Fastify hello-world (the ceiling any route of ours can approach), an echo
// for POST bodies, and GET /db: one raw `select 1` through the bare driver, with no ORM, schema or
// auth — node-postgres with a pool of 10 (as the app's) when DATABASE_URL is given, else PGlite in
// this process (as the app runs it).
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";

async function rawQuery(): Promise<() => Promise<unknown>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async () => (await pool.query("select 1 as one")).rows;
  }
  const lite = new PGlite();
  await lite.waitReady;
  return async () => (await lite.query("select 1 as one")).rows;
}

const query = await rawQuery();
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
app.post("/echo", async (request) => request.body);
app.get("/db", async () => ({ rows: await query() }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
