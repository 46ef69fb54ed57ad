import { compareText } from "../project/paths.js";

/**
 * The cycles of a directed graph, one per strongly connected component with more than one
 * node (or a self-loop), each as a path starting at its smallest id. Deterministic: nodes and
 * edges are visited in sorted order (Tarjan's algorithm, iterative).
 */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const nodes = new Set<string>();
  for (const [from, targets] of edges) {
    nodes.add(from);
    for (const to of targets) nodes.add(to);
  }
  const sorted = [...nodes].sort(compareText);
  const successors = (node: string) => [...(edges.get(node) ?? [])].sort(compareText);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of sorted) {
    if (index.has(root)) continue;
    const work: { node: string; next: number; succ: string[] }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: 0, succ: successors(node) });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.next < frame.succ.length) {
        const to = frame.succ[frame.next]!;
        frame.next += 1;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop =
          component.length === 1 && (edges.get(component[0]!)?.has(component[0]!) ?? false);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components
    .map((component) => cyclePath(component, edges))
    .sort((a, b) => compareText(a.join(" "), b.join(" ")));
}

/** The strongly connected components with a cycle: every member, sorted, and one cycle through them. */
export function findCyclicComponents(
  edges: ReadonlyMap<string, ReadonlySet<string>>,
): { members: string[]; cycle: string[] }[] {
  const cycles = findCycles(edges);
  // Members of a component are the nodes that reach the cycle's start and are reached from it.
  return cycles.map((cycle) => {
    const start = cycle[0]!;
    const forward = reach(start, edges);
    const reverse = new Map<string, Set<string>>();
    for (const [from, targets] of edges)
      for (const to of targets) reverse.set(to, (reverse.get(to) ?? new Set()).add(from));
    const backward = reach(start, reverse);
    return { members: [...forward].filter((node) => backward.has(node)).sort(compareText), cycle };
  });
}

function reach(start: string, edges: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const to of edges.get(queue.pop()!) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

/** A simple cycle through the component, from its smallest node, following sorted edges. */
function cyclePath(component: string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const members = new Set(component);
  const start = [...component].sort(compareText)[0]!;
  // Breadth-first search back to the start: the shortest cycle through it.
  const previous = new Map<string, string>();
  const queue = [start];
  const visited = new Set([start]);
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of [...(edges.get(node) ?? [])].sort(compareText)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        let current = node;
        while (current !== start) {
          current = previous.get(current)!;
          path.push(current);
        }
        return path.reverse();
      }
      if (!visited.has(to)) {
        visited.add(to);
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}
