// The baseline: a bare Fastify hello-world, the ceiling any route of ours can approach.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
app.post("/echo", async (request) => request.body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
