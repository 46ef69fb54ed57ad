// Authentication for the HTTP API, as an explicit function the HTTP handler is given.
//
// The scheme, deliberately small for an example: `Authorization: Bearer <token>`, where each
// token is configured (in main.ts) to stand for one principal with one role, and each role
// grants a fixed list of permissions. A missing, malformed or unknown token yields no
// principal, which agentix/http answers with 401; a known principal lacking a permission gets
// 403 from dispatch, before the operation runs any effect. A real deployment would verify a
// signed token (a JWT from its identity provider) here instead of looking it up.
import type { Principal } from "agentix";

export const roles = {
  /** Runs the shop: everything. */
  admin: [
    "customers:read", "customers:write", "customers:manage",
    "products:read", "products:write",
    "orders:read", "orders:write", "orders:pay",
    "payments:read",
  ],
  /** Takes orders and payments for customers; cannot change the catalogue or suspend anyone. */
  clerk: ["customers:read", "customers:write", "products:read", "orders:read", "orders:write", "orders:pay", "payments:read"],
  /** Reads everything, changes nothing. */
  auditor: ["customers:read", "products:read", "orders:read", "payments:read"],
} as const satisfies Record<string, readonly string[]>;

export type Role = keyof typeof roles;

/** A configured token: who presents it and in which role. */
export interface TokenGrant {
  readonly principal: string;
  readonly role: Role;
}

/** The development tokens main.ts configures. Example-only: never ship static secrets. */
export const developmentTokens: Readonly<Record<string, TokenGrant>> = {
  "dev-admin-token": { principal: "admin", role: "admin" },
  "dev-clerk-token": { principal: "clerk", role: "clerk" },
  "dev-auditor-token": { principal: "auditor", role: "auditor" },
};

/** Builds the principal function for `createHttpHandler` from the configured tokens. */
export function principalFromBearerToken(tokens: Readonly<Record<string, TokenGrant>>): (request: Request) => Principal | undefined {
  const principals = new Map<string, Principal>(
    Object.entries(tokens).map(([token, grant]) => [token, { id: grant.principal, permissions: roles[grant.role] }]),
  );
  return (request) => {
    const match = /^Bearer ([\x21-\x7e]+)$/.exec(request.headers.get("authorization") ?? "");
    return match === null ? undefined : principals.get(match[1] as string);
  };
}
