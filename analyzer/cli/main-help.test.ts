import { describe, expect, it } from "vitest";
import type { ToolchainPackage } from "../../schema/toolchain.js";
import { run, type LazyCommand } from "./main.js";
import type { CliIO } from "./io.js";

function recording() {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stderrIsTTY: false,
    cwd: process.cwd(),
  };
  return { io, out: () => ({ stdout, stderr }) };
}

// A verb whose optional peers are not installed (a production install, or `mcp` without the MCP
// SDK): `--help` exited 2 with the install message (helper-27 repro-8).
describe("--help without the verb's toolchain", () => {
  const verb: LazyCommand = {
    name: "probe",
    summary: "what the probe verb does",
    analyzes: true,
    needs: ["@agentix-test/not-installed" as ToolchainPackage],
    load: () => Promise.reject(new Error("never loaded")),
  };

  it("says what the verb does and what it needs, exit 0", async () => {
    const { io, out } = recording();
    expect(await run(["probe", "--help"], io, [verb])).toBe(0);
    expect(out().stdout).toMatch(
      /^agentix probe: what the probe verb does\n\nagentix probe needs @agentix-test\/not-installed, an optional peer dependency of agentix/u,
    );
    expect(out().stderr).toBe("");
  });

  it("still refuses to run, exit 2", async () => {
    const { io, out } = recording();
    expect(await run(["probe"], io, [verb])).toBe(2);
    expect(out().stderr).toMatch(/^agentix probe needs @agentix-test\/not-installed/u);
  });
});
