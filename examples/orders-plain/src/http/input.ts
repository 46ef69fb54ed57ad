// A request's input: the JSON body (an object) for POST, the query parameters for GET, plus the
// path parameters, validated with the route's zod schema. Invalid input is 400 INVALID_INPUT
// with one issue per problem: a stable `code`, a JSON-pointer `path` and zod's `message`.
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors.js";
import type { AppEnv } from "./guard.js";

export type IssueCode =
  | "invalid_type"
  | "missing_property"
  | "unknown_property"
  | "too_small"
  | "too_big"
  | "invalid_pattern"
  | "invalid_format"
  | "invalid_value"
  | "not_multiple_of"
  | "no_union_match"
  | "invalid";

export interface Issue {
  readonly code: IssueCode;
  readonly path: string;
  readonly message: string;
}

export function parseInput<Schema extends z.ZodType>(c: Context<AppEnv>, schema: Schema): z.output<Schema> {
  const raw = requestInput(c);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = toIssues(parsed.error.issues, raw);
    throw new ApiError(400, "INVALID_INPUT", `invalid input for ${c.get("action")}${unknownQueryParameters(c, issues)}`, { issues });
  }
  return parsed.data;
}

/** A query string is the input of a GET: a parameter the schema lacks is named as one. */
function unknownQueryParameters(c: Context<AppEnv>, issues: readonly Issue[]): string {
  if (c.req.method === "POST") return "";
  const query = new URL(c.req.url).searchParams;
  const params: Record<string, string> = c.req.param();
  const names = issues
    .filter((issue) => issue.code === "unknown_property" && issue.path.lastIndexOf("/") === 0)
    .map((issue) => issue.path.slice(1).replaceAll("~1", "/").replaceAll("~0", "~"))
    .filter((name) => query.has(name) && !Object.hasOwn(params, name));
  return names.length === 0 ? "" : `: unknown query parameter${names.length === 1 ? "" : "s"} ${names.map((name) => JSON.stringify(name)).join(", ")}`;
}

function requestInput(c: Context<AppEnv>): unknown {
  const params: Record<string, string> = c.req.param();
  let input: Record<string, unknown>;
  if (c.req.method === "POST") {
    const body = c.get("body");
    if (body === undefined) input = {};
    else if (isObject(body)) input = { ...body };
    else if (Object.keys(params).length === 0) return body;
    else throw new ApiError(400, "INVALID_INPUT", "The request body must be a JSON object.");
  } else {
    input = Object.fromEntries(new URL(c.req.url).searchParams);
  }
  for (const [name, value] of Object.entries(params)) {
    if (Object.hasOwn(input, name) && input[name] !== value) {
      throw new ApiError(400, "INVALID_INPUT", `"${name}" is given in both the path and the request.`, {
        issues: [{ code: "invalid_value", path: `/${name}`, message: "conflicts with the path parameter" }],
      });
    }
    input[name] = value;
  }
  return input;
}

/** zod's issues in the API's vocabulary; one issue per code and path. */
export function toIssues(issues: readonly z.core.$ZodIssue[], input: unknown): Issue[] {
  const result = new Map<string, Issue>();
  const add = (code: IssueCode, path: string, message: string) => {
    if (!result.has(`${code} ${path}`)) result.set(`${code} ${path}`, { code, path, message });
  };
  for (const issue of issues) {
    const path = pointer(issue.path);
    switch (issue.code) {
      case "unrecognized_keys":
        for (const key of issue.keys) add("unknown_property", `${path}/${escape(key)}`, `Unrecognized key "${key}"`);
        break;
      case "invalid_type":
        if (isMissing(input, issue.path)) add("missing_property", path, "Required");
        else add("invalid_type", path, issue.message);
        break;
      case "invalid_format":
        add(issue.format === "regex" ? "invalid_pattern" : "invalid_format", path, issue.message);
        break;
      case "invalid_union":
        add("no_union_match", path, issue.message);
        break;
      case "too_small":
      case "too_big":
      case "invalid_value":
      case "not_multiple_of":
        add(issue.code, path, issue.message);
        break;
      default:
        add("invalid", path, issue.message);
    }
  }
  return [...result.values()];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether the value at `path` is absent from its object (rather than present with a wrong type). */
function isMissing(input: unknown, path: readonly PropertyKey[]): boolean {
  const key = path.at(-1);
  if (key === undefined) return false;
  let parent: unknown = input;
  for (const step of path.slice(0, -1)) parent = isObject(parent) || Array.isArray(parent) ? (parent as Record<PropertyKey, unknown>)[step] : undefined;
  return isObject(parent) && !Object.hasOwn(parent, key);
}

function pointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${escape(String(key))}`).join("");
}

function escape(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}
