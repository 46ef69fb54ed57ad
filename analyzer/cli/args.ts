import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../errors.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

/** Options every verb takes. */
export const COMMON_OPTIONS = {
  project: { type: "string", short: "p" },
  root: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

type ValueOf<S> = S extends { readonly type: "boolean" } ? boolean : string;

/** Parsed option values: every option may be absent. */
export type Values<O extends OptionSpec> = {
  readonly [K in keyof (typeof COMMON_OPTIONS & O)]?: ValueOf<(typeof COMMON_OPTIONS & O)[K]>;
};

export interface Parsed<O extends OptionSpec> {
  readonly values: Values<O>;
  readonly positionals: readonly string[];
}

/** Parses a verb's arguments strictly; unknown options and missing values are usage errors. */
export function parseVerbArgs<const O extends OptionSpec>(
  verb: string,
  args: readonly string[],
  options: O,
  maxPositionals: number,
): Parsed<O> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...COMMON_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message =
      error instanceof Error
        ? error.message.replace(/\. To specify a positional argument.*$/su, "")
        : String(error);
    throw new UsageError(message, verb);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(
      `unexpected argument${parsed.positionals.length - maxPositionals > 1 ? "s" : ""}: ${parsed.positionals.slice(maxPositionals).join(" ")}`,
      verb,
    );
  }
  return { values: parsed.values as Values<O>, positionals: parsed.positionals };
}

/** Reads a `--format` value, checking it against the allowed ones. */
export function formatOption<const F extends string>(
  verb: string,
  value: string | undefined,
  allowed: readonly F[],
  fallback: F,
): F {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--format must be one of ${allowed.join(", ")}, got "${value}"`, verb);
  }
  return value as F;
}
