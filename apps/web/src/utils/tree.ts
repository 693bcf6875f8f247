/**
 * Tree helpers (spec 01 §9, default keys id, parentId, children): flat rows from the server
 * become trees for menus, departments and regions, and trees are searched for the menu search
 * box (spec 01 §2). Nothing here mutates its input: nodes are shallow copies.
 */

export interface TreeKeys<C extends string = 'children'> {
  id: string;
  parentId: string;
  children: C;
}

export const defaultTreeKeys: TreeKeys = { id: 'id', parentId: 'parentId', children: 'children' };

/** A row with its child rows under the children key; a leaf has no children key at all. */
export type TreeNode<T extends object, C extends string = 'children'> = T & { [K in C]?: TreeNode<T, C>[] };

/** Reads a field by a runtime key name; the key names are configurable, so no static type. */
const field = (node: object, key: string): unknown => (node as Record<string, unknown>)[key];

/** The children of a node, or none when the key is missing or not a list. */
function childrenOf<N extends object>(node: N, childrenKey: string): N[] {
  const children = field(node, childrenKey);
  return Array.isArray(children) ? (children as N[]) : [];
}

/**
 * Ids are compared as text: servers send `parentId: 0` for one row and `id: '0'` for another,
 * and long numeric ids arrive as strings to survive JavaScript numbers.
 */
const idText = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * Builds a tree from flat rows. A row whose parent id is empty, unknown, its own id, or would
 * close a cycle becomes a root, so no row is ever lost or loops forever. Input order is kept
 * among siblings. Leaves get NO children key (not an empty list), because tables and tree
 * widgets show an expand arrow for an empty children list.
 */
export function buildTree<T extends object, C extends string = 'children'>(
  rows: readonly T[],
  keys: Partial<TreeKeys<C>> = {},
): TreeNode<T, C>[] {
  const idKey = keys.id ?? defaultTreeKeys.id;
  const parentKey = keys.parentId ?? defaultTreeKeys.parentId;
  const childrenKey: string = keys.children ?? defaultTreeKeys.children;

  const nodes = rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    delete copy[childrenKey];
    return copy;
  });
  const byId = new Map<string, Record<string, unknown>>();
  for (const node of nodes) {
    const id = idText(node[idKey]);
    if (id !== null && !byId.has(id)) byId.set(id, node);
  }

  const parentOf = new Map<Record<string, unknown>, Record<string, unknown>>();
  /** True when `ancestor` is `node` or already above it: attaching would make a loop. */
  const isAbove = (ancestor: Record<string, unknown>, node: Record<string, unknown>): boolean => {
    for (let at: Record<string, unknown> | undefined = ancestor; at; at = parentOf.get(at)) {
      if (at === node) return true;
    }
    return false;
  };

  const roots: Record<string, unknown>[] = [];
  for (const node of nodes) {
    const parentId = idText(node[parentKey]);
    const parent = parentId === null ? undefined : byId.get(parentId);
    if (!parent || isAbove(parent, node)) {
      roots.push(node);
      continue;
    }
    parentOf.set(node, parent);
    const siblings = parent[childrenKey];
    if (Array.isArray(siblings)) siblings.push(node);
    else parent[childrenKey] = [node];
  }
  return roots as TreeNode<T, C>[];
}

/** Every node, depth first, parents before their children (the order a tree view lists them). */
export function flattenTree<N extends object>(tree: readonly N[], childrenKey = 'children'): N[] {
  const out: N[] = [];
  const walk = (nodes: readonly N[]) => {
    for (const node of nodes) {
      out.push(node);
      walk(childrenOf(node, childrenKey));
    }
  };
  walk(tree);
  return out;
}

/** The first node, depth first, that satisfies the predicate. */
export function findInTree<N extends object>(
  tree: readonly N[],
  predicate: (node: N) => boolean,
  childrenKey = 'children',
): N | undefined {
  for (const node of tree) {
    if (predicate(node)) return node;
    const found = findInTree(childrenOf(node, childrenKey), predicate, childrenKey);
    if (found) return found;
  }
  return undefined;
}

/**
 * The nodes that satisfy the predicate, with their ancestors so each stays reachable. Children
 * of a match that do not match are dropped (as a tree widget's filter hides them); a kept node
 * left with no kept children loses its children key, so it shows as a leaf.
 */
export function filterTree<N extends object>(
  tree: readonly N[],
  predicate: (node: N) => boolean,
  childrenKey = 'children',
): N[] {
  const out: N[] = [];
  for (const node of tree) {
    const children = filterTree(childrenOf(node, childrenKey), predicate, childrenKey);
    if (children.length === 0 && !predicate(node)) continue;
    const copy = { ...node } as Record<string, unknown>;
    if (children.length > 0) copy[childrenKey] = children;
    else delete copy[childrenKey];
    out.push(copy as N);
  }
  return out;
}

/** The leaves: nodes without children (missing or empty list), depth first. */
export function leafNodes<N extends object>(tree: readonly N[], childrenKey = 'children'): N[] {
  return flattenTree(tree, childrenKey).filter((node) => childrenOf(node, childrenKey).length === 0);
}

/** How to read a menu item's label: a field name, or a function (e.g. a translated label). */
export type LabelOf<N> = { [K in keyof N]: N[K] extends string ? K : never }[keyof N] | ((node: N) => string);

/**
 * The menu search box (spec 01 §2): only LEAF items are offered, and those whose label starts
 * with the typed text, ignoring case. Folders are never offered because they are not pages.
 * Surrounding spaces in the typed text are ignored; an empty text offers every leaf, as the
 * box lists everything before the user types.
 */
export function searchMenuLeaves<N extends object>(
  tree: readonly N[],
  text: string,
  label: LabelOf<N>,
  childrenKey = 'children',
): N[] {
  const readLabel = (node: N): string => {
    const value = typeof label === 'function' ? label(node) : node[label];
    return typeof value === 'string' ? value : '';
  };
  const prefix = text.trim().toLowerCase();
  return leafNodes(tree, childrenKey).filter((node) => readLabel(node).toLowerCase().startsWith(prefix));
}
