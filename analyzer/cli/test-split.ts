// The output options of affected and verify: text, JSON, or the Vitest command lines of the
// selected tests (`--format vitest-invocations`), and `--shard i/n` to take one part of them.
import { parseShard, type Shard } from "../affected/shard.js";
import { UsageError } from "../errors.js";
import { jsonFlags, JSON_FLAGS, type OptionSpec } from "./args.js";

export const TEST_SPLIT_FLAGS = {
  format: { type: "string" },
  shard: { type: "string" },
  ...JSON_FLAGS,
} as const satisfies OptionSpec;

export const TEST_SPLIT_USAGE = `  --format vitest-invocations  the selected tests as Vitest command lines, one per project
                       (schema/cli-vitest-invocations.v1.schema.json), for a CI matrix
  --format test-invocations  the same for every runner: Vitest's, then the other runners'
                       command lines (Jest, Mocha, Playwright, Cypress, AVA, node:test) with their
                       folder and environment, and the tests none can run, with why
                       (schema/cli-test-invocations.v1.schema.json)
  --shard <i>/<n>      only part i of n of the selected test files, balanced by case count`;

export type TestSplitFormat = "text" | "json" | "vitest-invocations" | "test-invocations";

/** Whether `format` prints the selected tests' command lines (and so runs nothing). */
export function isInvocations(
  format: TestSplitFormat,
): format is "vitest-invocations" | "test-invocations" {
  return format === "vitest-invocations" || format === "test-invocations";
}

export interface TestSplitOutput {
  readonly format: TestSplitFormat;
  readonly compact: boolean;
  readonly shard: Shard | undefined;
}

export function testSplitOutput(
  verb: "affected" | "verify",
  values: {
    readonly format?: string | undefined;
    readonly json?: boolean | undefined;
    readonly compact?: boolean | undefined;
    readonly shard?: string | undefined;
  },
): TestSplitOutput {
  const { format, compact } = jsonFlags<TestSplitFormat>(verb, values, {
    allowed: ["text", "json", "vitest-invocations", "test-invocations"],
    compact: ["json", "vitest-invocations", "test-invocations"],
  });
  const shard = values.shard === undefined ? undefined : parseShard(values.shard, verb);
  // affected answers about the whole change; only the test command lines come in parts.
  if (shard !== undefined && verb === "affected" && !isInvocations(format))
    throw new UsageError("--shard needs --format vitest-invocations or test-invocations", verb);
  return { format, compact, shard };
}
