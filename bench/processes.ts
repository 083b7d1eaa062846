import { type ChildProcess, spawn } from "node:child_process";

/** Starts a child process and resolves once `ready` has been seen in its output. */
export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        child.stdout?.off("data", onData);
        if (process.env.BENCH_SERVER_LOG) {
          child.stdout?.pipe(process.stderr);
          child.stderr?.pipe(process.stderr);
        } else {
          child.stdout?.resume();
          child.stderr?.resume();
        }
        resolvePromise(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`)));
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    child.once("exit", () => resolvePromise());
    child.kill("SIGTERM");
  });
}
