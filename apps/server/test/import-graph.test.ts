import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of the server and the web app (issue 28): no circle anywhere, type imports
 * and `export … from` included, and the server's lower layers never import a business module.
 * Read from the sources with a pattern, not a bundler: every relative import here names its
 * file with its extension, so resolving one is joining paths.
 */
const repository = path.resolve(import.meta.dirname, '../../..');
const sourceFile = /\.tsx?$/;
const testFile = /\.test\.tsx?$/;
/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, relative only. */
const relativeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function graphOf(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (sourceFile.test(entry.name) && !testFile.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        const targets = [...text.matchAll(relativeImport)]
          .map((match) => path.resolve(folder, match[1] as string))
          .filter((target) => sourceFile.test(target));
        graph.set(file, targets);
      }
    }
  };
  walk(root);
  return graph;
}

/** The circles of a graph (its strongly connected parts of more than one file, or a self-import). */
function circlesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target))
        low.set(file, Math.min(low.get(file) as number, order.get(target) as number));
    }
    if (low.get(file) !== order.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)?.includes(file)) circles.push(part);
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

const named = (root: string, files: string[]) => files.map((file) => path.relative(root, file)).sort();

describe.each(['apps/server/src', 'apps/web/src'])('the import graph of %s', (folder) => {
  const root = path.join(repository, folder);
  const graph = graphOf(root);

  it('reads the sources (the pattern finds their imports)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(graph.size);
  });

  it('has no import circle, type imports included', () => {
    expect(circlesOf(graph).map((circle) => named(root, circle))).toEqual([]);
  });
});

describe('the server layers', () => {
  const root = path.join(repository, 'apps/server/src');
  const graph = graphOf(root);
  const layerOf = (file: string) => path.relative(root, file).split(path.sep)[0];

  it('engine, http, db, jobs, storage and parsing import no business module', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      if (!['engine', 'http', 'db', 'jobs', 'storage', 'parsing'].includes(layerOf(file) as string)) continue;
      for (const target of targets)
        if (layerOf(target) === 'modules')
          upward.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
    expect(upward).toEqual([]);
  });

  it('catches a circle and an upward import when there is one (the check can fail)', () => {
    const a = path.join(root, 'engine/a.ts');
    const b = path.join(root, 'engine/b.ts');
    expect(
      circlesOf(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toHaveLength(1);
    expect(
      circlesOf(
        new Map([
          [a, [b]],
          [b, []],
        ]),
      ),
    ).toHaveLength(0);
  });
});

describe('the business modules', () => {
  const root = path.join(repository, 'apps/server/src');
  const modulesRoot = path.join(root, 'modules');
  const graph = graphOf(root);
  /** The module a file belongs to (`modules/<name>/…`), or none for the layers and the root. */
  const moduleOf = (file: string): string | undefined => {
    const parts = path.relative(modulesRoot, file).split(path.sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
  };
  const entry = (file: string) => path.basename(file) === 'index.ts';
  /**
   * Imports that may reach past an entry, each with its reason: the module list plugs every
   * module's definition, and the parse worker loads the BPMN reader alone (a worker thread
   * must not load the workflow module's routes).
   */
  const allowed = (file: string, target: string) =>
    (path.relative(root, file) === 'modules/index.ts' && path.basename(target) === 'module.ts') ||
    (path.relative(root, file) === 'parse-worker.ts' &&
      path.relative(root, target) === 'modules/workflow/model.ts');

  it('are entered through their public entry (modules/<name>/index.ts) from outside', () => {
    const past: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets) {
        const owner = moduleOf(target);
        if (owner && owner !== moduleOf(file) && !entry(target) && !allowed(file, target))
          past.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
      }
    expect(past).toEqual([]);
  });

  it('depend on each other in a line, never in a circle (their definitions, module.ts, aside)', () => {
    const modules = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = moduleOf(file);
      if (!from || path.basename(file) === 'module.ts') continue;
      const uses = modules.get(from) ?? [];
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from && !uses.includes(to)) uses.push(to);
      }
      modules.set(from, uses);
    }
    expect(modules.size).toBeGreaterThan(10);
    expect(circlesOf(modules)).toEqual([]);
  });
});
