// ImportLandings answers once where an import lands for every folder that names the same path
// (or the same alias in the same alias scope): counted through fake services, since the point
// is how often the resolver is asked.
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../../schema/disk-rounds.js";
import { defaultConfig } from "../../../schema/load-config.js";
import type { ProjectServices } from "../rule-logic.js";
import { ImportLandings } from "./import-landings.js";
import { ProjectLayout } from "./layout.js";

const root = path.resolve("/work/project");
const at = (file: string) => path.join(root, file);
const layout = new ProjectLayout(defaultConfig(root));
const orders = layout.featureOf(at("src/features/orders/model.ts"));

/** Services whose answers come from `files` (the files that exist) and `aliases`, counting calls. */
function fakeServices(aliases: Readonly<Record<string, string>> = {}) {
  const files = new Set(
    ["src/features/orders/model.ts", "src/lib/money.ts"].map((file) => at(file)),
  );
  const asked = {
    directFile: [] as string[],
    aliasTarget: [] as string[],
    aliasScope: 0,
    resolveModule: [] as string[],
    linkedPackageSource: [] as string[],
  };
  const call = (fromFile: string, specifier: string, kind = "import") =>
    `${path.relative(root, fromFile).split(path.sep).join("/")} ${specifier} ${kind}`;
  const scopes = new Map<string, object>();
  const services = {
    directFile: (target: string) => {
      asked.directFile.push(path.relative(root, target));
      return files.has(`${target}.ts`) ? `${target}.ts` : undefined;
    },
    aliasTarget: (specifier: string) => {
      asked.aliasTarget.push(specifier);
      const slash = specifier.indexOf("/");
      const [prefix, rest] = [specifier.slice(0, slash), specifier.slice(slash + 1)];
      const folder = aliases[prefix];
      return folder === undefined ? undefined : at(`${folder}/${rest}`);
    },
    // A package: "self/orders" (the package's own name) resolves into a feature.
    resolveModule: (specifier: string, fromFile: string, kind?: string) => {
      asked.resolveModule.push(call(fromFile, specifier, kind));
      return specifier === "self/orders" ? at("src/features/orders/model.ts") : undefined;
    },
    linkedPackageSource: (specifier: string, fromFile: string, kind?: string) => {
      asked.linkedPackageSource.push(call(fromFile, specifier, kind));
      return specifier === "@acme/billing"
        ? at("packages/billing/src/features/invoices/model.ts")
        : undefined;
    },
    // One scope per top folder under src: src/a and src/b read aliases differently.
    aliasScope: (fromFile: string) => {
      asked.aliasScope += 1;
      const top = path.relative(root, fromFile).split(path.sep)[1] ?? "";
      let scope = scopes.get(top);
      if (!scope) scopes.set(top, (scope = {}));
      return scope;
    },
  } as unknown as ProjectServices;
  return { services, asked };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("relative", () => {
  it("resolves a path named from many folders once, whatever the spelling", () => {
    const landings = new ImportLandings(layout);
    const { services, asked } = fakeServices();
    const billing = landings.relative(at("src/features/billing"), "../orders/model", services);
    const deep = landings.relative(at("src/features/stock/deep"), "../../orders/model", services);
    const main = landings.relative(at("src"), "./features/orders/model", services);
    expect(billing).toEqual({ target: at("src/features/orders/model.ts"), feature: orders });
    expect(deep).toBe(billing);
    expect(main).toBe(billing);
    expect(asked.directFile).toEqual(["src/features/orders/model"]);
  });

  it("leaves to the folder a path TypeScript must search further for, asking once", () => {
    const landings = new ImportLandings(layout);
    const { services, asked } = fakeServices();
    for (const dir of ["src/features/billing", "src/features/stock"])
      expect(landings.relative(at(dir), "../orders/missing", services)).toBeUndefined();
    expect(asked.directFile).toEqual(["src/features/orders/missing"]);
  });

  it("asks again in the next disk round, and for other services", () => {
    const landings = new ImportLandings(layout);
    const first = fakeServices();
    const second = fakeServices();
    const ask = (services: ProjectServices) =>
      landings.relative(at("src/features/billing"), "../orders/model", services);
    ask(first.services);
    ask(first.services);
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    ask(first.services);
    ask(second.services);
    expect([first.asked.directFile.length, second.asked.directFile.length]).toEqual([2, 1]);
  });

  it("shares nothing without directFile", () => {
    const landings = new ImportLandings(layout);
    const { services } = fakeServices();
    const { directFile: _dropped, ...without } = services;
    expect(landings.relative(at("src"), "./features/orders/model", without)).toBeUndefined();
  });
});

describe("alias", () => {
  const aliases = { "@app": "src/features", "@lib": "src/lib" };
  const land = (
    landings: ImportLandings,
    services: ProjectServices,
    file: string,
    specifier: string,
  ) => {
    const answers = landings.aliases(path.dirname(at(file)), at(file), services);
    return answers && landings.alias(answers, specifier, at(file), services);
  };

  it("resolves an alias once per scope, and asks each folder its scope once", () => {
    const landings = new ImportLandings(layout);
    const { services, asked } = fakeServices(aliases);
    const files = ["src/a/one.ts", "src/a/two.ts", "src/a/deep/three.ts", "src/b/four.ts"];
    const answers = files.map((file) => land(landings, services, file, "@app/orders/model"));
    const model = { target: at("src/features/orders/model.ts"), feature: orders };
    expect(answers).toEqual([model, model, model, model]);
    // src/a and src/a/deep share a scope; src/b has its own.
    expect(asked).toEqual({
      aliasTarget: ["@app/orders/model", "@app/orders/model"],
      directFile: ["src/features/orders/model", "src/features/orders/model"],
      aliasScope: 3,
      resolveModule: [],
      linkedPackageSource: [],
    });
  });

  it("never resolves an alias into a folder outside every feature", () => {
    const landings = new ImportLandings(layout);
    const { services, asked } = fakeServices(aliases);
    expect(land(landings, services, "src/a/one.ts", "@lib/money")).toEqual({
      target: undefined,
      feature: undefined,
    });
    expect(asked.directFile).toEqual([]);
  });

  it("resolves a package once per scope and resolution kind, where it lands", () => {
    const landings = new ImportLandings(layout);
    const { services, asked } = fakeServices(aliases);
    const land = (file: string, specifier: string, kind?: "require") => {
      const answers = landings.aliases(path.dirname(at(file)), at(file), services);
      return answers && landings.alias(answers, specifier, at(file), services, kind);
    };
    const nowhere = { target: undefined, feature: undefined };
    const model = { target: at("src/features/orders/model.ts"), feature: orders };
    expect(land("src/a/one.ts", "zod")).toEqual(nowhere);
    expect(land("src/a/deep/two.ts", "zod")).toEqual(nowhere);
    expect(land("src/a/one.ts", "zod", "require")).toEqual(nowhere);
    expect(land("src/b/four.ts", "zod")).toEqual(nowhere);
    // The package's own name (or one TypeScript resolves into the project): where it lands.
    expect(land("src/a/one.ts", "self/orders")).toEqual(model);
    expect(land("src/a/deep/two.ts", "self/orders")).toEqual(model);
    // Another workspace package's file by its name, asked when TypeScript finds none.
    const invoices = at("packages/billing/src/features/invoices/model.ts");
    expect(land("src/a/one.ts", "@acme/billing")).toEqual({
      target: invoices,
      feature: layout.featureOf(invoices),
    });
    expect(layout.featureOf(invoices)?.id).toBe("invoices");
    expect(asked.aliasTarget).toEqual(["zod", "zod", "self/orders", "@acme/billing"]);
    expect(asked.resolveModule).toEqual([
      "src/a/one.ts zod import",
      "src/a/one.ts zod require",
      "src/b/four.ts zod import",
      "src/a/one.ts self/orders import",
      "src/a/one.ts @acme/billing import",
    ]);
    expect(asked.linkedPackageSource).toEqual([
      "src/a/one.ts zod import",
      "src/a/one.ts zod require",
      "src/b/four.ts zod import",
      "src/a/one.ts @acme/billing import",
    ]);
  });

  it("shares nothing without alias scopes", () => {
    const landings = new ImportLandings(layout);
    const { services } = fakeServices(aliases);
    const { aliasScope: _dropped, ...without } = services;
    expect(landings.aliases(at("src/a"), at("src/a/one.ts"), without)).toBeUndefined();
  });
});
