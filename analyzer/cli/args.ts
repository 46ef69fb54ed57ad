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

/** The options of a verb whose result can be printed as JSON. */
export const JSON_FLAGS = {
  json: { type: "boolean" },
  compact: { type: "boolean" },
} as const satisfies OptionSpec;

/** The options of a verb with more outputs than text and JSON (`--json` is `--format json`). */
export const FORMAT_FLAGS = {
  format: { type: "string" },
  ...JSON_FLAGS,
} as const satisfies OptionSpec;

/** How a verb prints its result. */
export interface Output<Format extends string> {
  readonly format: Format;
  /** One-line JSON. */
  readonly compact: boolean;
}

interface FormatValues {
  readonly format?: string | undefined;
  readonly json?: boolean | undefined;
  readonly compact?: boolean | undefined;
}

/**
 * Reads `--json`, `--compact` and, for verbs that take it, `--format`: text by default; `--json`
 * is `--format json` (and conflicts with any other format); `--compact` needs a JSON output.
 */
export function jsonFlags(verb: string, values: FormatValues): Output<"text" | "json">;
export function jsonFlags<const Format extends string>(
  verb: string,
  values: FormatValues,
  formats: { readonly allowed: readonly Format[]; readonly compact: readonly Format[] },
): Output<Format>;
export function jsonFlags(
  verb: string,
  values: FormatValues,
  formats: { readonly allowed: readonly string[]; readonly compact: readonly string[] } = {
    allowed: ["text", "json"],
    compact: ["json"],
  },
): Output<string> {
  if (values.json && values.format !== undefined && values.format !== "json") {
    throw new UsageError(`--json conflicts with --format ${values.format}`, verb);
  }
  const format = values.json ? "json" : (values.format ?? "text");
  if (!formats.allowed.includes(format)) {
    throw new UsageError(
      `--format must be one of ${formats.allowed.join(", ")}, got "${format}"`,
      verb,
    );
  }
  const compact = values.compact === true;
  if (compact && !formats.compact.includes(format)) {
    const needed = formats.compact.length > 1 ? ` or --format ${formats.compact.join("|")}` : "";
    throw new UsageError(`--compact requires --json${needed}`, verb);
  }
  return { format, compact };
}
