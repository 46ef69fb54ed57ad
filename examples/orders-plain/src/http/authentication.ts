// Who is calling, and what they may do. The scheme is deliberately small for an example:
// `Authorization: Bearer <token>`, each configured token stands for one principal in one role,
// each role grants a fixed list of permissions. A real deployment would verify a signed token
// from its identity provider in `principalFor` instead of looking it up.

export type Permission =
  | "customers:read"
  | "customers:write"
  | "customers:manage"
  | "products:read"
  | "products:write"
  | "orders:read"
  | "orders:write"
  | "orders:pay"
  | "payments:read";

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
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof roles;

/** A configured token: who presents it, in which role. */
export interface TokenGrant {
  readonly principal: string;
  readonly role: Role;
}

/** The development tokens main.ts configures. Example only: never ship static secrets. */
export const developmentTokens: Readonly<Record<string, TokenGrant>> = {
  "dev-admin-token": { principal: "admin", role: "admin" },
  "dev-clerk-token": { principal: "clerk", role: "clerk" },
  "dev-auditor-token": { principal: "auditor", role: "auditor" },
};

export interface Principal {
  readonly id: string;
  readonly permissions: ReadonlySet<Permission>;
}

/** The principal lookup for the configured tokens: `undefined` for a missing, malformed or unknown token. */
export function principalFor(tokens: Readonly<Record<string, TokenGrant>>): (authorization: string | undefined) => Principal | undefined {
  const principals = new Map<string, Principal>(
    Object.entries(tokens).map(([token, grant]) => [token, { id: grant.principal, permissions: new Set(roles[grant.role]) }]),
  );
  return (authorization) => {
    const token = /^Bearer ([\x21-\x7e]+)$/.exec(authorization ?? "")?.[1];
    return token === undefined ? undefined : principals.get(token);
  };
}
