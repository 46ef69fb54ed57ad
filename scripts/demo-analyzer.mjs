// The second half of `npm run demo`: what the analyzer sees in the orders example, without
// running any of its code. `agentix check` (architecture), `agentix inspect orders.create`
// (what one operation may read, change, emit and call, and its tests) and `agentix graph`
// (the features, as Mermaid) and `agentix affected orders.create` (what a change can reach, down
// to the test cases to run). Runs the built CLI exactly as a user would.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../dist/analyzer/cli/main.js", import.meta.url));
const example = fileURLToPath(new URL("../examples/orders/", import.meta.url));

const steps = [
  {
    title:
      "Architecture check: boundaries, ambient capabilities, query writes, undeclared dependencies",
    args: ["check"],
  },
  {
    title: "One operation, as an agent sees it before changing it",
    args: ["inspect", "orders.create"],
  },
  {
    title: "The features and their dependencies (Mermaid)",
    args: ["graph", "--format", "mermaid"],
  },
  {
    title: "What a change to orders.create can affect, and the narrowest tests that are still safe",
    args: ["affected", "orders.create"],
  },
];

/** Runs the commands on examples/orders; false when one fails. */
export function runAnalyzerDemo() {
  if (!existsSync(bin)) {
    console.error("demo: the analyzer is not built; run `npm run build` first");
    return false;
  }
  let ok = true;
  console.log("\nThe same application, as the analyzer reads it (statically: no code runs):\n");
  for (const step of steps) {
    console.log(`$ agentix ${step.args.join(" ")}    # ${step.title}`);
    const result = spawnSync(process.execPath, [bin, ...step.args], {
      cwd: example,
      encoding: "utf8",
    });
    process.stdout.write(`${result.stdout.trimEnd().replace(/^/gmu, "    ")}\n`);
    if (result.stderr) process.stderr.write(result.stderr);
    if (result.status !== 0) {
      ok = false;
      console.error(`demo: agentix ${step.args.join(" ")} exited with ${result.status}`);
    }
    console.log("");
  }
  return ok;
}

if (import.meta.url === new URL(process.argv[1] ?? "", "file://").href) {
  process.exitCode = runAnalyzerDemo() ? 0 : 1;
}
