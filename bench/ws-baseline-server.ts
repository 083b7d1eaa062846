// Baseline of the WebSocket benchmark: a bare `ws` server that broadcasts each message to every
// client (JSON.stringify once per message, like the hub). Same stdin commands as ws-fanout-app.ts.
import { createInterface } from "node:readline";
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ port: Number(process.env.PORT ?? "18195"), host: "127.0.0.1" });
wss.on("connection", (socket) => socket.send(JSON.stringify({ type: "connected" })));
createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, arg] = line.trim().split(" ");
  if (command === "publish") {
    const started = performance.now();
    for (let i = 1; i <= Number(arg); i++) {
      const data = JSON.stringify({ type: "task_open", board_id: "b", user_id: 1, task_id: i });
      for (const client of wss.clients) client.send(data);
    }
    console.log(`published in ${(performance.now() - started).toFixed(0)} ms`);
  } else if (command === "memory") {
    // Twice: the first pass may leave what finalisers freed (closed sockets) for the second.
    globalThis.gc?.();
    globalThis.gc?.();
    console.log(`memory ${JSON.stringify(process.memoryUsage())}`);
  }
});
wss.on("listening", () => console.log("baseline ws listening"));
