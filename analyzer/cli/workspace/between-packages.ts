// Verbs that run package after package at a workspace root (index, graph, check, inspect) keep
// nothing of a package but its output; the parsed sources of the packages done stay shared (a
// package that compiles another's sources through a link parses them once) until they would take
// more than half the heap: then they are let go (heap-budget.ts), and past the heap limit agentix
// stops with a hint instead of V8's fatal error.
import { forgetSources } from "../../project/shared-source-files.js";
import type { CliIO } from "../io.js";
import { heapBudget } from "./heap-budget.js";

/** Call with the number of packages done before each next one. */
export function betweenPackages(total: number, io: CliIO): (done: number) => void {
  const budget = heapBudget(total, io.heap);
  return (done) => {
    if (budget(done) === "release") forgetSources();
  };
}
