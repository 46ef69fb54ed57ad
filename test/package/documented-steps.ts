// docs/getting-started.md as a script: every fenced block is a step, in order. A block whose
// first line is a comment naming a path (`// src/main.ts`, `# .github/workflows/ci.yml`) is a
// file to write; an `sh` block is commands to run, one a line. Any other block is an error, so
// nothing on the page escapes the test that follows it.

export type DocumentedStep =
  | { readonly kind: "file"; readonly path: string; readonly content: string }
  | { readonly kind: "commands"; readonly commands: readonly string[] };

const FENCE = /^```([a-z]*)\n([\s\S]*?)^```$/gmu;
const PATH_COMMENT = /^(?:\/\/|#) ([\w./-]+\.\w+)$/u;

export function documentedSteps(markdown: string): DocumentedStep[] {
  return [...markdown.matchAll(FENCE)].map(([, language = "", body = ""]) => {
    if (language === "sh")
      return { kind: "commands", commands: body.split("\n").filter((line) => line.trim() !== "") };
    const path = PATH_COMMENT.exec(body.split("\n", 1)[0] ?? "")?.[1];
    if (path === undefined)
      throw new Error(
        `a \`\`\`${language} block neither names a file nor holds sh commands:\n${body}`,
      );
    return { kind: "file", path, content: body };
  });
}

/** The commands of a GitHub Actions workflow's `- run:` steps, in order. */
export function workflowCommands(workflow: string): string[] {
  return [...workflow.matchAll(/^\s*- run: (.+)$/gmu)].map(([, command = ""]) => command.trim());
}
