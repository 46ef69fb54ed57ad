import type { AnyOperation, Principal } from "../descriptors/operation.js";
import type { FrameworkError } from "./outcome.js";

/** A principal as dispatch holds it: a frozen copy, and its permissions as a set. */
interface CheckedPrincipal {
  readonly ok: true;
  /** What `execute` receives; `undefined` when there is no principal. */
  readonly principal: Principal | undefined;
  readonly granted: ReadonlySet<string>;
  /** What `authorize` answers for it when nothing is missing, made once with the copy. */
  readonly authorized: Authorization;
}

type PrincipalCheck = CheckedPrincipal | { readonly ok: false; readonly reason: string };

function checkedPrincipal(principal: Principal | undefined, granted: ReadonlySet<string>): CheckedPrincipal {
  return Object.freeze({ ok: true, principal, granted, authorized: Object.freeze({ ok: true, principal }) });
}

const noPrincipal: CheckedPrincipal = checkedPrincipal(undefined, new Set<string>());

/**
 * One look-up per dispatch answers both questions about a principal object:
 * - a copy dispatch made (and handed out, e.g. from the HTTP adapter back into dispatch) is
 *   trusted as it is (`source` undefined);
 * - for a caller's object, the last copy made of it, with the id and the array it was read
 *   from. Reused only when a fresh read gives the same id, the same array and the same items:
 *   the copy then says exactly what a new one would, without freezing and indexing it again.
 */
interface Known {
  readonly checked: CheckedPrincipal;
  readonly id?: string;
  readonly source?: readonly unknown[];
}
const known = new WeakMap<object, Known>();

/**
 * Takes the one copy of a principal dispatch trusts: `{ id: string, permissions: string[] }`
 * exactly, read once (getters and proxies run here and nowhere else). `null` and `undefined`
 * mean no principal; anything else is refused with the reason.
 */
function checkPrincipal(value: unknown): PrincipalCheck {
  if (value === undefined || value === null) return noPrincipal;
  if (typeof value !== "object" || Array.isArray(value)) {
    return refused(`a principal must be an object { id, permissions } (or null or undefined for none), got ${kindName(value)}`);
  }
  const previous = known.get(value);
  if (previous !== undefined && previous.source === undefined) return previous.checked;
  try {
    const keys = Object.keys(value);
    if (keys.length !== 2 || !((keys[0] === "id" && keys[1] === "permissions") || (keys[0] === "permissions" && keys[1] === "id"))) {
      const extra = keys.filter((key) => key !== "id" && key !== "permissions");
      if (extra.length > 0) {
        return refused(`a principal has exactly the keys id and permissions; this one also has ${extra.slice(0, 5).map((key) => JSON.stringify(key)).join(", ")}`);
      }
    }
    const { id, permissions } = value as { id?: unknown; permissions?: unknown };
    if (typeof id !== "string" || id === "") return refused(`id must be a non-empty string, got ${id === "" ? "an empty string" : kindName(id)}`);
    if (!Array.isArray(permissions)) return refused(`permissions must be an array of strings, got ${kindName(permissions)}`);
    if (previous !== undefined && previous.id === id && previous.source === permissions && sameItems(previous.checked.principal?.permissions ?? [], permissions)) {
      return previous.checked;
    }
    const copy: string[] = [];
    for (let index = 0; index < permissions.length; index++) {
      const permission: unknown = permissions[index];
      if (typeof permission !== "string") return refused(`permissions[${index}] must be a string, got ${kindName(permission)}`);
      copy.push(permission);
    }
    const principal: Principal = Object.freeze({ id, permissions: Object.freeze(copy) });
    const checked = checkedPrincipal(principal, new Set(copy));
    known.set(principal, { checked });
    known.set(value, { checked, id, source: permissions });
    return checked;
  } catch {
    return refused("reading the principal threw");
  }
}

function sameItems(copy: readonly string[], source: readonly unknown[]): boolean {
  if (copy.length !== source.length) return false;
  for (let index = 0; index < copy.length; index++) if (copy[index] !== source[index]) return false;
  return true;
}

function refused(reason: string): PrincipalCheck {
  return { ok: false, reason };
}

function kindName(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const tag = Object.prototype.toString.call(value).slice(8, -1);
    return tag === "Object" ? "an object" : `a ${tag}`;
  }
  return `${/^[aeiou]/.test(typeof value) ? "an" : "a"} ${typeof value}`;
}

export type Authorization =
  | { readonly ok: true; readonly principal: Principal | undefined }
  | { readonly ok: false; readonly error: FrameworkError; readonly anonymous: boolean };

/**
 * The permission check, before anything of the operation runs: a malformed principal is
 * refused whatever the operation needs; otherwise every permission the operation lists must be
 * granted. Look-ups are set membership, never substring matches.
 */
export function authorize(operation: AnyOperation, candidate: unknown): Authorization {
  const checked = checkPrincipal(candidate);
  if (!checked.ok) {
    return {
      ok: false,
      anonymous: false,
      error: { code: "FORBIDDEN", message: `the principal given for ${operation.id} is malformed: ${checked.reason}`, details: { reason: checked.reason } },
    };
  }
  const required = operation.permissions;
  let missing: string[] | undefined;
  for (let index = 0; index < required.length; index++) {
    const permission = required[index] as string;
    if (!checked.granted.has(permission)) (missing ??= []).push(permission);
  }
  if (missing === undefined) return checked.authorized;
  const who = checked.principal === undefined ? "no principal" : `principal "${checked.principal.id}"`;
  return {
    ok: false,
    anonymous: checked.principal === undefined,
    error: { code: "FORBIDDEN", message: `${who} lacks ${missing.join(", ")} for ${operation.id}`, details: { missing } },
  };
}
