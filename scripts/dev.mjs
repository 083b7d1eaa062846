// `npm run dev`: the server under tsx watch on :8080 and the Vite dev server (which proxies /api
// and /ws to it) side by side. Ctrl+C stops both.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "@nadoy/server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@nadoy/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
