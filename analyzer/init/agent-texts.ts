// What `agentix init` writes for coding agents. Short on purpose: an agent reads these on every
// task, so each line has to earn its place.

/** Marks the section in AGENTS.md, so that init finds it again and never adds it twice. */
export const AGENTS_MARKER = "<!-- agentix -->";

export const AGENTS_SECTION = `${AGENTS_MARKER}
## agentix

This project's architecture is explicit: ask agentix instead of surveying the code.

- Where is a contract, what may an operation read, change, emit or call? \`npx agentix inspect <feature|operation> --json --compact\`
- What can my change affect? \`npx agentix affected <operation|feature|file...>\` or \`--since HEAD\`
- The narrowest safe check: \`npx agentix verify <same targets>\` (\`--dry-run\` plans it)
- Before finishing: \`npx agentix check\`

Rules: import another feature only through its \`contract.ts\` and list it in \`dependencies\`;
domain code gets time, ids, network, env and storage through declared effects, never directly.
Details: \`.claude/skills/agentix/SKILL.md\`.
`;

export const SKILL = `---
name: agentix
description: Find an operation's contract and effects, what a change affects, and the narrowest safe check in an agentix project, from the agentix index instead of reading the repository.
---

# agentix

Features are capsules under \`src/features/<id>/\` (or what \`agentix.config.json\` names):
\`contract.ts\` is the public surface, \`feature.ts\` the descriptor, the rest is private.
Answers come from a static analysis that never runs the code. With the MCP server
(\`agentix mcp\`) the same answers are the tools inspect, affected, tests, check, graph and verify.

## The four questions

1. Where is the contract? \`npx agentix inspect <operation|feature> --json --compact\`:
   \`location\` (file:lines), the feature's \`contract\` file and its exports.
2. What can it read, change, emit or call? The same output: \`effects\` (port operation ids with
   kind read, write, time, random or external), \`emits\`, \`permissions\`, \`invariants\`.
3. What can a change affect? \`npx agentix affected <operation|feature|file...> --json\` (or
   \`--since <git-ref>\`): \`affected\` lists features, operations and files, \`tests.files\` the
   test cases, \`edges\` a reason each. A non-empty \`widened\` means everything is selected; its
   reasons say why.
4. The narrowest safe check: \`npx agentix verify <same targets>\` runs the type check, the
   rules on the affected files, the index check and exactly the selected tests. To run the
   selected tests yourself: \`npx agentix affected <same targets> --format test-invocations\`
   gives each runner's \`command\`, \`args\`, \`cwd\` and \`env\`, and \`unrunnable\` what none can run.

## Conventions the tools enforce

- Import another feature only through its \`contract.ts\` (outside features also its
  \`feature.ts\`), and list that contract in \`defineFeature({ dependencies })\`.
- No \`fetch\`, \`process.env\`, \`Date.now()\`, \`Math.random()\`, \`node:fs\` in domain files: declare
  an effect (a port operation, \`Clock.now\`, \`Ids.next\`) and call \`effects.<name>()\`.
- A \`defineQuery\` declares only read, time and random effects and emits nothing.
- Expected failures are declared \`errors\` returned with \`fail(code, details)\`, never thrown.
- New capsule: \`npx agentix scaffold feature <name>\`. Finish with \`npx agentix check\`.
`;

/**
 * The .gitignore lines for fresh.json and affected.json, local to a checkout (stamps and hashes
 * of its files), never committed. `**\/` matches them in every folder with an index, a workspace
 * package's too (a pattern with a slash inside matches only beside the .gitignore).
 */
export const GITIGNORE_LINES = ["**/.agentix/fresh.json", "**/.agentix/affected.json"] as const;

/** Shown by init. */
export const GITIGNORE_ADVICE = `Add to .gitignore: ${GITIGNORE_LINES.join(" and ")} (\`agentix index\`
writes them beside the index: what the index was computed from, so that inspect, graph,
check and affected can answer from it)
`;

/** The MCP server entry for common clients; shown by init, never written. */
export const MCP_SNIPPETS = `Add the MCP server to your agent (init writes none of these files):

  Claude Code   claude mcp add agentix -- npx agentix mcp
                (or .mcp.json: {"mcpServers":{"agentix":{"command":"npx","args":["agentix","mcp"]}}})
  Cursor        .cursor/mcp.json: {"mcpServers":{"agentix":{"command":"npx","args":["agentix","mcp"]}}}
  VS Code       .vscode/mcp.json: {"servers":{"agentix":{"type":"stdio","command":"npx","args":["agentix","mcp"]}}}
  Codex         ~/.codex/config.toml: [mcp_servers.agentix] command = "npx", args = ["agentix", "mcp"]
`;
