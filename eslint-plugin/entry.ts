// `agentix/eslint-plugin` as the package exports it: the plugin's toolchain is an optional peer
// (a production install leaves it out), so it is checked before the plugin's modules are linked,
// and a missing package is one clear error. index.ts is the plugin; its declarations are the entry's.
import { PLUGIN_TOOLCHAIN, requireToolchain } from "../schema/toolchain.js";

requireToolchain("agentix/eslint-plugin", PLUGIN_TOOLCHAIN);
const plugin = await import("./index.js");

const { TYPESCRIPT_FILES, rules, typedRules, default: agentix } = plugin;
export { TYPESCRIPT_FILES, rules, typedRules, agentix as default };
