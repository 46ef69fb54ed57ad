// Lanes of commands for scripts/build.mjs and scripts/test.mjs: the lanes of a stage run side by
// side (two cores), the steps of a lane in order, each step's output on ours.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const repo = fileURLToPath(new URL("../", import.meta.url));

export const step = (name, command) => ({ name, command });

/** Runs one command with its output on ours; resolves to its exit code. */
export function execute([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repo, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Runs a lane's steps in order, stopping at the first failure; records each step's time. */
export async function runLane(lane, records) {
  for (const { name, command } of lane) {
    const start = performance.now();
    const code = await execute(command);
    records.push({ name, ms: performance.now() - start, code });
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs lanes side by side; resolves to the first failing lane's code (else 0) and the steps' records in lane order. */
export async function runLanes(lanes) {
  const records = lanes.map(() => []);
  const codes = await Promise.all(lanes.map((lane, index) => runLane(lane, records[index])));
  return { code: codes.find((value) => value !== 0) ?? 0, steps: records.flat() };
}
