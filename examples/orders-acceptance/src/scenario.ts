// The scenario files (scenarios/*.json, described by scenario.schema.json): loaded, checked
// against the schema with Ajv, and resolved into self-contained scenarios (fixture steps and
// state folded in, environment defaults applied).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

export type PaymentAnswer = "approved" | "card_declined" | "insufficient_funds" | "limit_exceeded";

export interface Environment {
  readonly clockStart: string;
  readonly idSeed: number;
  readonly paymentAnswers: readonly PaymentAnswer[];
}

export type RawBody = string | { readonly base64: string } | { readonly repeat: string; readonly times: number };

export interface Request {
  readonly why?: string;
  /** `METHOD /path`, e.g. `POST /orders`. */
  readonly do: string;
  readonly as?: "admin" | "clerk" | "auditor";
  readonly authorization?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly rawBody?: RawBody;
  readonly expect: { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> };
}

export type Step = Request | { readonly why?: string; readonly concurrently: readonly Request[] };

export interface State {
  readonly customers: readonly unknown[];
  readonly products: readonly unknown[];
  readonly orders: readonly unknown[];
  readonly payments: readonly unknown[];
  readonly outbox: readonly unknown[];
}

export const stateTables = ["customers", "products", "orders", "payments", "outbox"] as const;

/** A scenario ready to run: one fresh app process, these steps, then this state. */
export interface Scenario {
  /** `<file> › <name>`, unique. */
  readonly id: string;
  readonly environment: Environment;
  readonly variables: Readonly<Record<string, string>>;
  readonly startup?: { readonly exitCode: number; readonly stderrIncludes: string };
  readonly steps: readonly Step[];
  readonly state: State;
}

interface ScenarioFile {
  readonly defaults?: Partial<Environment>;
  readonly fixtures?: Readonly<Record<string, { readonly steps: readonly Step[]; readonly state: Partial<State> }>>;
  readonly scenarios: readonly {
    readonly name: string;
    readonly given?: string;
    readonly environment?: Partial<Environment>;
    readonly variables?: Readonly<Record<string, string>>;
    readonly startup?: { readonly exitCode: number; readonly stderrIncludes: string };
    readonly steps?: readonly Step[];
    readonly state?: Partial<State>;
  }[];
}

/** A scenario file is unusable; the message names the file and what is wrong. */
export class ScenarioError extends Error {
  override readonly name = "ScenarioError";
}

const builtInDefaults: Environment = { clockStart: "2026-03-01T09:00:00.000Z", idSeed: 1, paymentAnswers: [] };

let validator: ReturnType<Ajv2020["compile"]> | undefined;
function validateFile(value: unknown): readonly string[] {
  if (validator === undefined) {
    const schema = JSON.parse(readFileSync(new URL("../scenario.schema.json", import.meta.url), "utf8")) as object;
    validator = new Ajv2020({ allErrors: true, strict: true, strictRequired: false }).compile(schema);
  }
  if (validator(value)) return [];
  const problems = (validator.errors ?? [])
    .filter((error) => error.keyword !== "if")
    .map((error) => {
      if (error.keyword === "additionalProperties") return `${error.instancePath}/${String(error.params["additionalProperty"])} is not allowed here`;
      // The schema's one `not`: a request with two ways of saying the same thing.
      if (error.keyword === "not") return `${error.instancePath} gives both "as" and "authorization", or both "body" and "rawBody"`;
      return `${error.instancePath === "" ? "(root)" : error.instancePath} ${error.message ?? "is invalid"}`;
    });
  return [...new Set(problems)];
}

/** Every scenario of every `*.json` file in `directory`, in file then declaration order. */
export function loadScenarios(directory: string): Scenario[] {
  const files = readdirSync(directory)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ name: name.slice(0, -".json".length), content: readScenarioFile(join(directory, name)) }));

  let defaults = builtInDefaults;
  const fixtures = new Map<string, { readonly steps: readonly Step[]; readonly state: Partial<State> }>();
  for (const file of files) {
    if (file.content.defaults !== undefined) defaults = { ...defaults, ...file.content.defaults };
    for (const [name, fixture] of Object.entries(file.content.fixtures ?? {})) {
      if (fixtures.has(name)) throw new ScenarioError(`${file.name}.json: fixture "${name}" is defined twice`);
      fixtures.set(name, fixture);
    }
  }

  const scenarios: Scenario[] = [];
  const ids = new Set<string>();
  for (const file of files) {
    for (const scenario of file.content.scenarios) {
      const id = `${file.name} › ${scenario.name}`;
      if (ids.has(id)) throw new ScenarioError(`${file.name}.json: two scenarios are named "${scenario.name}"`);
      ids.add(id);
      const fixture = scenario.given === undefined ? undefined : fixtures.get(scenario.given);
      if (scenario.given !== undefined && fixture === undefined) {
        throw new ScenarioError(`${file.name}.json: scenario "${scenario.name}" is given "${scenario.given}", which no file defines`);
      }
      const state = Object.fromEntries(
        stateTables.map((table) => [table, scenario.state?.[table] ?? fixture?.state[table] ?? []]),
      ) as unknown as State;
      scenarios.push({
        id,
        environment: { ...defaults, ...scenario.environment },
        variables: scenario.variables ?? {},
        ...(scenario.startup === undefined ? {} : { startup: scenario.startup }),
        steps: [...(fixture?.steps ?? []), ...(scenario.steps ?? [])],
        state,
      });
    }
  }
  return scenarios;
}

function readScenarioFile(path: string): ScenarioFile {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path, "utf8"));
  } catch (cause) {
    throw new ScenarioError(`${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  const problems = validateFile(content);
  if (problems.length > 0) throw new ScenarioError(`${path}: ${problems.join("; ")}`);
  return content as ScenarioFile;
}
