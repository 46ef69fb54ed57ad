import { existsSync } from "node:fs";
import path from "node:path";
import { scaffoldFeature } from "../../scaffold/scaffold-feature.js";
import { loadAgentixConfig } from "../../project/agentix-config.js";
import { assertRoot, resolveProjectPaths } from "../../project/load-project.js";
import { JSON_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { assertProjectFile } from "../project-args.js";
import { UsageError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { jsonOutput, projectOptions } from "../project.js";
import type { Command } from "./command.js";
import { toPosix } from "../../../schema/paths.js";

export const SCAFFOLD_RESULT_SCHEMA_VERSION = 1;

const USAGE = `Usage: agentix scaffold feature <name> [options]

Creates a conventional feature capsule from the public template: contract.ts (a schema, a store
port, the contract), model.ts (a pure rule), operations.ts (a command and a query), feature.ts
(the descriptor) and <name>.test.ts, the contract and the descriptor under the names
agentix.config.json gives (the first features.contract and features.descriptor, {id} replaced).
It type-checks, lints, indexes and passes its own test as written. It goes beside the existing
features (with none yet, where the first features.directories glob that names one place puts
one: src/features/ by default), never overwrites anything, and accepts only kebab-case names
that are safe folder names and identifiers.

Options:
  --dry-run            print the files it would write, write nothing
  --json               the result as JSON (schema/cli-scaffold.v1.schema.json), file contents included
  --compact            one-line JSON (with --json)
  -p, --project <tsconfig>  the project's tsconfig, or its folder (default <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else .)
  -h, --help           this help

Exit codes: 0 written (or planned), 1 the feature folder already exists, 2 bad invocation
(an unsafe name, no place for features), 3 internal error.`;

export const scaffoldCommand: Command = {
  name: "scaffold",
  summary: "create a feature capsule from the public template; never overwrites",
  usage: USAGE,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values, positionals } = parseVerbArgs(
      "scaffold",
      args,
      { "dry-run": { type: "boolean" }, ...JSON_FLAGS },
      2,
    );
    const { format, compact } = jsonFlags("scaffold", values);
    const [what, name] = positionals;
    if (what !== "feature")
      throw new UsageError(
        what === undefined
          ? "say what to scaffold: agentix scaffold feature <name>"
          : `cannot scaffold "${what}"; only "feature"`,
        "scaffold",
      );
    if (name === undefined)
      throw new UsageError("name the feature: agentix scaffold feature <name>", "scaffold");
    await assertProjectFile(values, io.cwd);
    const { root } = resolveProjectPaths(projectOptions(values), io.cwd);
    // Never create folders outside an existing root, nor plan with a configuration that is invalid.
    assertRoot(root, io.cwd);
    // A project holds its package.json or tsconfig.json: never a feature in any folder (from `/`,
    // looking for feature folders walked the whole file system).
    if (!["package.json", "tsconfig.json"].some((file) => existsSync(path.join(root, file))))
      throw new UsageError(
        `${toPosix(path.relative(io.cwd, root)) || "."} is not a project (no package.json or tsconfig.json there): run scaffold in the project, or pass --root`,
        "scaffold",
      );
    loadAgentixConfig(root);
    const dryRun = values["dry-run"] === true;
    const plan = scaffoldFeature({ projectDir: root, name, dryRun });
    const shown = (file: string) => toPosix(path.relative(io.cwd, path.join(root, file)));
    if (format === "json") {
      io.stdout(
        jsonOutput(
          {
            schemaVersion: SCAFFOLD_RESULT_SCHEMA_VERSION,
            command: "scaffold",
            feature: plan.feature,
            directory: plan.directory,
            written: plan.written,
            files: plan.files.map((file) => ({
              path: file.path,
              bytes: file.bytes,
              content: file.content,
            })),
          },
          compact,
        ),
      );
      return EXIT.ok;
    }
    io.stdout(
      `${plan.written ? "created" : "would create"} feature ${plan.feature} in ${shown(plan.directory)}:\n`,
    );
    for (const file of plan.files) io.stdout(`  ${shown(file.path)} (${file.bytes} bytes)\n`);
    if (plan.written) {
      io.stdout(
        `\nnext: add ${plan.feature}'s feature descriptor to createApplication in your composition root, and bind an adapter for its port "${plan.feature}.store".\n`,
      );
    }
    return EXIT.ok;
  },
};
