import type { ErrorObject } from "ajv";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { Issue, IssueCode } from "./types.js";

const codeByKeyword: Readonly<Record<string, IssueCode>> = {
  type: "invalid_type",
  required: "missing_property",
  additionalProperties: "unknown_property",
  minLength: "too_small",
  minimum: "too_small",
  exclusiveMinimum: "too_small",
  minItems: "too_small",
  minProperties: "too_small",
  maxLength: "too_big",
  maximum: "too_big",
  exclusiveMaximum: "too_big",
  maxItems: "too_big",
  maxProperties: "too_big",
  pattern: "invalid_pattern",
  format: "invalid_format",
  const: "invalid_value",
  enum: "invalid_value",
  multipleOf: "not_multiple_of",
  uniqueItems: "not_unique",
  anyOf: "no_union_match",
};

export function escapePointerSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

export function unescapePointerSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Ajv errors -> agentix issues, with the property itself as the path of required/unknown ones. */
export function issuesFromAjv(errors: readonly ErrorObject[]): Issue[] {
  const issues: Issue[] = [];
  for (const error of collapseUnionBranches(errors)) {
    const code = codeByKeyword[error.keyword] ?? "invalid";
    let path = error.instancePath;
    let message = error.message ?? "is invalid";
    if (error.keyword === "required") {
      path += `/${escapePointerSegment(String(error.params["missingProperty"]))}`;
      message = "is required";
    } else if (error.keyword === "additionalProperties") {
      path += `/${escapePointerSegment(String(error.params["additionalProperty"]))}`;
      message = "is not allowed (unknown property)";
    } else if (error.keyword === "enum") {
      message = `must be one of ${JSON.stringify(error.params["allowedValues"])}`;
    } else if (error.keyword === "const") {
      message = `must be ${JSON.stringify(error.params["allowedValue"])}`;
    } else if (error.keyword === "anyOf") {
      message = "must match one of the union's members";
    }
    issues.push({ code, path, message });
  }
  return issues;
}

/**
 * With `allErrors`, a failed `anyOf` reports every branch. When exactly one branch matched the
 * value's shape (it failed only below the union's own path), its errors are the useful ones;
 * otherwise a single `no_union_match` says more than a list of every branch's complaints.
 */
function collapseUnionBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === "anyOf");
  if (unions.length === 0) return [...errors];
  const dropped = new Set<ErrorObject>();
  // Innermost unions first, so an outer union sees the already collapsed inner one.
  const byDepth = [...unions].sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const union of byDepth) {
    const prefix = union.schemaPath.slice(0, -"/anyOf".length) + "/anyOf/";
    const branches = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      if (dropped.has(e) || !e.schemaPath.startsWith(prefix)) continue;
      const branch = e.schemaPath.slice(prefix.length).split("/")[0] ?? "";
      branches.set(branch, [...(branches.get(branch) ?? []), e]);
    }
    const shaped = [...branches.values()].filter((branchErrors) =>
      branchErrors.every((e) => e.instancePath !== union.instancePath || isBelowValue(e)),
    );
    for (const branchErrors of branches.values()) {
      if (shaped.length === 1 && branchErrors === shaped[0]) continue;
      for (const e of branchErrors) dropped.add(e);
    }
    if (shaped.length === 1) dropped.add(union);
  }
  return errors.filter((e) => !dropped.has(e));
}

/** Errors about a property of the value (missing, unknown) rather than the value itself. */
function isBelowValue(error: ErrorObject): boolean {
  return error.keyword === "required" || error.keyword === "additionalProperties";
}

/** Standard Schema issues (from a foreign validator, so read defensively) -> agentix issues. */
export function issuesFromStandard(issues: readonly unknown[]): Issue[] {
  return issues.map((raw) => {
    const issue = (raw !== null && typeof raw === "object" ? raw : {}) as Partial<StandardSchemaV1.Issue>;
    const path = Array.isArray(issue.path) ? (issue.path as readonly unknown[]) : [];
    return {
      code: "invalid",
      path: path
        .map((segment) => {
          const key = segment !== null && typeof segment === "object" ? (segment as { key?: unknown }).key : segment;
          return `/${escapePointerSegment(String(key))}`;
        })
        .join(""),
      message: typeof issue.message === "string" ? issue.message : "is invalid",
    };
  });
}

/** JSON pointer -> Standard Schema path, with numbers where the value at that point is an array. */
export function pointerToPath(pointer: string, root: unknown): PropertyKey[] {
  if (pointer === "") return [];
  const path: PropertyKey[] = [];
  let current: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = unescapePointerSegment(raw);
    if (Array.isArray(current)) {
      const index = Number(key);
      path.push(index);
      current = current[index];
    } else {
      path.push(key);
      current = current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined;
    }
  }
  return path;
}

export function formatIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => `${issue.path === "" ? "(root)" : issue.path} ${issue.message}`).join("; ");
}
