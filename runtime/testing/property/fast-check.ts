// fast-check is an optional peer dependency: only this entry (`agentix/testing/property`)
// needs it, so `agentix/testing` keeps working, and type-checking, without it.
import type * as FastCheck from "fast-check";

export const missingFastCheck =
  "agentix/testing/property needs fast-check, an optional peer dependency of agentix: install it beside agentix (npm i -D fast-check)";

/** Whether a failed `import("fast-check")` failed because the package is not installed. */
export function isMissingPackage(error: unknown, name: string): boolean {
  if (error === null || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && typeof message === "string" && message.includes(`'${name}'`);
}

async function load(): Promise<typeof FastCheck> {
  try {
    // The user's own copy, as their tests import it: one instance, one global configuration.
    return await import("fast-check");
  } catch (error) {
    if (isMissingPackage(error, "fast-check")) throw new Error(missingFastCheck, { cause: error });
    throw error;
  }
}

export const fc: typeof FastCheck = await load();
