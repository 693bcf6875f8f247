import type { ModelMeta } from './model.ts';

/**
 * How a task goes back to an earlier step, by the model's graph (docs/adr/0027-workflow-engine.md,
 * addendum 2). Parallel gateways make branches: a fork (more than one way out) opens them, a
 * join (more than one way in) waits for all of them.
 * - `plain`: the task is in no branch: the engine runs the earlier step again and drops the task.
 * - `redo`: the earlier step is in the task's own branch: the engine keeps waiting on the task
 *   (dropping it would tell the join that the branch is over), and the steps from the earlier
 *   one to the task itself are done again, in order, as task rows; the last one moves the
 *   engine on. The sibling branches are untouched.
 * - `restart`: the earlier step is before the fork: the engine runs it again and every open
 *   task after it (this branch and its siblings) is dropped; the branches start anew.
 * - undefined: the earlier step is in another branch, or behind a join the task is not behind:
 *   refused, the instance would wait at a join for ever.
 */
export type BackRoute =
  | { kind: 'plain' }
  | { kind: 'redo'; steps: string[] }
  | { kind: 'restart'; after: Set<string> };

type Graph = Pick<ModelMeta, 'elements' | 'next'>;

const parallelTypes = new Set(['bpmn:ParallelGateway', 'bpmn:InclusiveGateway']);

function shape(graph: Graph) {
  const next = graph.next ?? {};
  const incoming = new Map<string, number>();
  for (const targets of Object.values(next))
    for (const target of targets) incoming.set(target, (incoming.get(target) ?? 0) + 1);
  const parallel = (id: string) => parallelTypes.has(graph.elements[id]?.type ?? '');
  return {
    next: (id: string) => next[id] ?? [],
    parallel,
    isJoin: (id: string) => parallel(id) && (incoming.get(id) ?? 0) > 1,
    isFork: (id: string) => parallel(id) && (next[id]?.length ?? 0) > 1,
  };
}

/**
 * Walks forward from `start`, counting the branches entered (forks) and left (joins). Answers
 * the depths at which each element is reached, and whether a join of the branch `start` is in
 * was reached (then `start` is inside a branch).
 */
function walk(graph: Graph, start: string) {
  const g = shape(graph);
  const depths = new Map<string, Set<number>>();
  const seen = new Set<string>([`${start}@0`]);
  const queue: [string, number][] = [[start, 0]];
  let inBranch = false;
  while (queue.length > 0) {
    const [node, depth] = queue.shift() as [string, number];
    for (const following of g.next(node)) {
      let d = depth;
      if (g.isJoin(following)) {
        if (d === 0) {
          inBranch = true;
          continue;
        }
        d--;
      }
      if (g.isFork(following)) d++;
      if (d > 32) continue;
      const key = `${following}@${d}`;
      if (seen.has(key)) continue;
      seen.add(key);
      depths.set(following, (depths.get(following) ?? new Set()).add(d));
      queue.push([following, d]);
    }
  }
  return { depths, inBranch };
}

/** The elements on the shortest way from `from` to `to` that passes no parallel gateway. */
function pathWithin(graph: Graph, from: string, to: string): string[] | undefined {
  const g = shape(graph);
  const previous = new Map<string, string>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const node = queue.shift() as string;
    if (node === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(previous.get(path[0] as string) as string);
      return path;
    }
    for (const following of g.next(node)) {
      if (seen.has(following) || g.parallel(following)) continue;
      seen.add(following);
      previous.set(following, node);
      queue.push(following);
    }
  }
  return undefined;
}

/** How the task at `from` goes back to the earlier step `to` (see BackRoute). */
export function backRoute(graph: Graph, from: string, to: string): BackRoute | undefined {
  const reach = walk(graph, to);
  const depths = reach.depths.get(from);
  if (!depths || depths.size === 0) return undefined;
  if (!walk(graph, from).inBranch) return { kind: 'plain' };
  if (depths.has(0)) {
    const path = pathWithin(graph, to, from);
    if (!path) return undefined;
    const steps = path.filter((id) => graph.elements[id]?.type === 'bpmn:UserTask');
    return { kind: 'redo', steps };
  }
  return { kind: 'restart', after: new Set(reach.depths.keys()) };
}
