import type { HttpMethod, Route } from "./route.js";

interface CompiledRoute {
  readonly route: Route;
  /** Literal segments as strings; parameters as `{ name }`. */
  readonly segments: readonly (string | { readonly name: string })[];
}

export type RouteMatch =
  | { readonly kind: "found"; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: "method-not-allowed"; readonly allow: readonly (HttpMethod | "HEAD")[] }
  | { readonly kind: "not-found" }
  | { readonly kind: "bad-path" };

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.split("/").slice(1);
}

/**
 * Compiles the route array once; refuses duplicate method + path pairs. A `HEAD` request
 * matches the `GET` routes in `headRoutes` (those whose operation is a query, so running it
 * for a HEAD changes nothing), and the `Allow` list of a 405 names HEAD beside their GET.
 */
export function compileRoutes(routes: readonly Route[], headRoutes: ReadonlySet<Route> = new Set()): (method: string, pathname: string) => RouteMatch {
  const compiled: CompiledRoute[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const segments = splitPath(route.path).map((segment) => (segment.startsWith(":") ? { name: segment.slice(1) } : segment));
    const shape = `${route.method} /${segments.map((segment) => (typeof segment === "string" ? segment : ":")).join("/")}`;
    if (seen.has(shape)) throw new TypeError(`createHttpHandler: two routes for ${route.method} ${route.path}`);
    seen.add(shape);
    compiled.push({ route, segments });
  }
  return (method, pathname) => {
    let parts: string[];
    try {
      parts = splitPath(pathname).map((part) => decodeURIComponent(part));
    } catch {
      return { kind: "bad-path" };
    }
    const allow: (HttpMethod | "HEAD")[] = [];
    for (const { route, segments } of compiled) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = segments.every((segment, index) => {
        const part = parts[index] as string;
        if (typeof segment === "string") return segment === part;
        params[segment.name] = part;
        return part !== "";
      });
      if (!matches) continue;
      const head = headRoutes.has(route);
      if (route.method === method || (head && method === "HEAD")) return { kind: "found", route, params };
      allow.push(route.method);
      if (head) allow.push("HEAD");
    }
    return allow.length > 0 ? { kind: "method-not-allowed", allow } : { kind: "not-found" };
  };
}
