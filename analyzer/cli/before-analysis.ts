// What must happen in this process before a verb that answered from a fresh index after all
// analyses (the bin shares ts-morph's TypeScript then, not earlier: a fresh answer loads none).
let pending: (() => Promise<void>) | undefined;

export function runBeforeAnalysis(hook: (() => Promise<void>) | undefined): void {
  pending = hook;
}

export async function beforeAnalysis(): Promise<void> {
  const hook = pending;
  pending = undefined;
  await hook?.();
}
