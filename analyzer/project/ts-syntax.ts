// The shared syntax helpers (eslint-plugin/logic/ts-syntax.ts) bound to ts-morph's compiler,
// the one that built the analyzer's trees.
import { tsSyntax } from "../../eslint-plugin/logic/ts-syntax.js";
import { ts } from "./ts-morph.js";

export const { isWrapper, unwrap, hasModifier, bindingIdentifiers, declarationName } = tsSyntax(ts);
export { isAgentixModule, isRelativeSpecifier } from "../../eslint-plugin/logic/ts-syntax.js";
