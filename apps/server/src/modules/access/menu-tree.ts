import type { ButtonNode, MenuNode } from '@bl/contract';

type MenuRow = Omit<MenuNode, 'children'>;

/** Builds the tree from flat rows (default tree keys id, parentId, children: spec 01 §9). */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
  const nodes = new Map<string, MenuNode>(sorted.map((row) => [row.id, { ...row, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Adds the ancestors of every granted row, so a granted leaf is never orphaned. */
export function withAncestors<T extends { id: string; parentId: string }>(
  all: T[],
  granted: Set<string>,
): T[] {
  const byId = new Map(all.map((row) => [row.id, row]));
  const keep = new Set<string>();
  for (const id of granted) {
    let current = byId.get(id);
    while (current && !keep.has(current.id)) {
      keep.add(current.id);
      current = byId.get(current.parentId);
    }
  }
  return all.filter((row) => keep.has(row.id));
}

/** The button tree: each menu that has granted buttons, with their codes beneath. */
export function buildButtonTree(tree: MenuNode[]): ButtonNode[] {
  const out: ButtonNode[] = [];
  for (const node of tree) {
    const children = buildButtonTree(node.children);
    if (node.category === 2 || children.length > 0) out.push({ code: node.code, name: node.name, children });
  }
  return out;
}

/**
 * The rows a top menu shows (spec 01 §4): the entries whose code it names, everything beneath
 * them, and their ancestors, so a screen sits at the same place under every top menu.
 */
export function rowsUnder<T extends { id: string; parentId: string; code: string }>(
  all: T[],
  codes: ReadonlySet<string>,
): T[] {
  const childrenOf = new Map<string, T[]>();
  for (const row of all) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  const chosen = new Set<string>();
  const pending = all.filter((row) => codes.has(row.code));
  while (pending.length > 0) {
    const row = pending.pop() as T;
    if (chosen.has(row.id)) continue;
    chosen.add(row.id);
    pending.push(...(childrenOf.get(row.id) ?? []));
  }
  return withAncestors(all, chosen);
}
