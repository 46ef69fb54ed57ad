import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { ScopeManager } from "@typescript-eslint/scope-manager";
import { importSiteVisitors, type ImportSite } from "./imports/import-sites.js";
import { isContractFile, layoutFor, type Feature } from "./project/layout.js";
import { displayFromRoot, foreignFeatureOf } from "./project/foreign-features.js";
import type { DeclaredDependencies } from "./project/feature-dependencies.js";
import { NO_VISITORS, type LogicInput, type RuleLogic } from "./rule-logic.js";
import { ViolationFactory } from "./violation.js";

export const NO_UNDECLARED_DEPENDENCIES = "agentix/no-undeclared-dependencies" as const;

export const noUndeclaredDependenciesMessages = {
  undeclared:
    'feature "{{feature}}" uses the contract of feature "{{dependency}}" ({{contract}}) without declaring it; add that contract to the dependencies of defineFeature in {{descriptor}}',
  undeclaredThrough:
    'feature "{{feature}}" uses the contract of feature "{{dependency}}" ({{contract}}), handed on by {{through}}, without declaring it; add that contract to the dependencies of defineFeature in {{descriptor}}',
} as const;

export type NoUndeclaredDependenciesMessageId = keyof typeof noUndeclaredDependenciesMessages;

/** The feature folders a descriptor's dependencies belong to, per lookup answer. */
const featureDirs = new WeakMap<DeclaredDependencies, ReadonlySet<string>>();

const violations = new ViolationFactory<NoUndeclaredDependenciesMessageId>(
  NO_UNDECLARED_DEPENDENCIES,
  noUndeclaredDependenciesMessages,
);

export const noUndeclaredDependenciesLogic: RuleLogic = {
  ruleId: NO_UNDECLARED_DEPENDENCIES,
  messages: noUndeclaredDependenciesMessages,
  create(input: LogicInput, report) {
    const { filename, services } = input;
    const layout = layoutFor(input.config);
    const feature = layout.featureOf(filename);
    if (!feature) return {};
    // A file is judged where it really lies: through a symbolic link below the root, at the link's target.
    const links = services.linkedPaths;
    const real = (file: string): string => links?.realPathOf(file, layout.config.root) ?? file;
    // Looked up on the first cross-feature contract import only: most files have none.
    let declared: DeclaredDependencies | undefined | null = null;
    const declaredFeatures = (): ReadonlySet<string> | undefined => {
      if (declared === null) {
        declared = services.featureDependencies(
          feature.descriptorFile,
          filename === feature.descriptorFile ? input.sourceText : undefined,
        );
      }
      if (declared === undefined || !declared.complete) return undefined;
      let dirs = featureDirs.get(declared);
      if (!dirs) {
        dirs = new Set(
          declared.files
            .map(real)
            .map((file) => (layout.featureOf(file) ?? foreignFeatureOf(layout, file))?.dir)
            .filter((dir) => dir !== undefined),
        );
        featureDirs.set(declared, dirs);
      }
      return dirs;
    };
    let dirs: ReadonlySet<string> | undefined | null = null;

    const check = (site: ImportSite): void => {
      if (site.specifier === undefined) return;
      // Another workspace package's feature (`@acme/billing/invoices`, linked): the runtime
      // refuses its undeclared use at createApplication as it does a feature of this project's.
      const resolved =
        services.resolveModule(site.specifier, filename, site.resolution) ??
        services.linkedPackageSource?.(site.specifier, filename, site.resolution);
      if (resolved === undefined) return;
      const target = real(resolved);
      const dependency = layout.featureOf(target) ?? foreignFeatureOf(layout, target);
      if (!dependency) {
        handedOn(site, target);
        return;
      }
      if (dependency.dir === feature.dir || !isContractFile(dependency, target)) return;
      undeclared(site, dependency, target, undefined);
    };

    const undeclared = (
      site: ImportSite,
      dependency: Feature,
      contract: string,
      through: string | undefined,
    ): void => {
      if (dirs === null) dirs = declaredFeatures();
      if (dirs === undefined || dirs.has(dependency.dir)) return;
      const data = {
        feature: feature.id,
        dependency: dependency.id,
        contract: displayFromRoot(layout, contract),
        descriptor: layout.display(feature.descriptorFile),
      };
      report(
        through === undefined
          ? violations.create("undeclared", site.node.loc, data)
          : violations.create("undeclaredThrough", site.node.loc, {
              ...data,
              through: displayFromRoot(layout, through),
            }),
      );
    };

    /**
     * Names taken from shared code (outside features) that it hands on from another feature's
     * contract (`export * from "../features/b/contract.js"` in `src/lib/contracts.ts`): a use of
     * that contract all the same. Each name is followed to the first feature file on its way;
     * one that is a private file is no-private-imports' to report, in the shared file.
     */
    const handedOn = (site: ImportSite, target: string): void => {
      const lookup = services.exportOrigin;
      if (lookup === undefined || lookup.handsOn?.(target) === false) return;
      const names = site.names ?? namespaceMembers(site, input.scopeManager);
      if (names === undefined) return;
      const reported = new Set<string>();
      for (const name of names) {
        const origin = lookup(target, name);
        if (origin === undefined) continue;
        for (const file of [...origin.via, origin.file].map(real)) {
          const dependency = layout.featureOf(file) ?? foreignFeatureOf(layout, file);
          if (dependency === undefined) continue;
          if (
            dependency.dir !== feature.dir &&
            isContractFile(dependency, file) &&
            !reported.has(dependency.dir)
          ) {
            reported.add(dependency.dir);
            undeclared(site, dependency, file, target);
          }
          break;
        }
      }
    };

    return importSiteVisitors(input.scopeManager, check, input.literalStrings, input.sourceText);
  },
  // Only files in features declare dependencies: a folder outside has nothing to check.
  lean: ({ dir, config }) => (layoutFor(config).featureOfFolder(dir) ? undefined : NO_VISITORS),
};

/**
 * The members read of a namespace import (`import * as shared from "..."; shared.bContract`),
 * when every use of it reads one by name; undefined for any other site or use (passed on,
 * spread, read by a computed name: which export it reaches cannot be known).
 */
function namespaceMembers(site: ImportSite, scopeManager: ScopeManager): string[] | undefined {
  const declaration = site.node.parent;
  if (declaration?.type !== AST_NODE_TYPES.ImportDeclaration) return undefined;
  const namespace = declaration.specifiers.find(
    (specifier) => specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier,
  );
  if (!namespace) return undefined;
  const names = new Set<string>();
  for (const variable of scopeManager.getDeclaredVariables(namespace))
    for (const reference of variable.references) {
      const name = memberName(reference.identifier);
      if (name === undefined) return undefined;
      names.add(name);
    }
  return [...names];
}

/** The member a namespace's identifier is read for: `ns.x` in a value, `ns.X` in a type. */
function memberName(identifier: TSESTree.Identifier | TSESTree.JSXIdentifier): string | undefined {
  const parent = identifier.parent;
  if (
    parent?.type === AST_NODE_TYPES.MemberExpression &&
    parent.object === identifier &&
    !parent.computed &&
    parent.property.type === AST_NODE_TYPES.Identifier
  )
    return parent.property.name;
  if (parent?.type === AST_NODE_TYPES.TSQualifiedName && parent.left === identifier)
    return parent.right.name;
  return undefined;
}
