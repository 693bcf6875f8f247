import type { MenuNode } from '@bl/contract';

/**
 * Side-menu entries: menus (not buttons) whose isShow is not 0, with their visible children.
 * Given the user's role aliases, an entry naming `meta.roles` shows only to a holder of one of
 * them (spec 01 §6); without them (label look-ups) role limits are not applied.
 */
export function visibleMenus(nodes: MenuNode[] | undefined, roles?: readonly string[]): MenuNode[] {
  return (nodes ?? [])
    .filter((node) => node.isShow !== 0 && node.category !== 2 && roleAllows(node, roles))
    .map((node) => ({ ...node, children: visibleMenus(node.children, roles) }));
}

function roleAllows(node: MenuNode, roles: readonly string[] | undefined): boolean {
  const wanted = node.meta?.roles;
  if (!roles || !wanted || wanted.length === 0) return true;
  return wanted.some((role) => roles.includes(role));
}

/** Every leaf, in menu order. */
export function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? leaves(node.children) : [node]));
}

/** Paths compare without a trailing slash or the `/index` a leaf route gets (spec 01 §2). */
export function normalizePath(path: string): string {
  return path.replace(/\/+$/, '').replace(/\/index$/, '') || '/';
}

/** The leaf at `path` with its ancestors, outermost first; empty when no item has that path. */
export function trailTo(nodes: MenuNode[], path: string): MenuNode[] {
  const wanted = normalizePath(path);
  for (const node of nodes) {
    if (node.children.length === 0) {
      if (node.path && normalizePath(node.path) === wanted) return [node];
      continue;
    }
    const below = trailTo(node.children, path);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

export const subMenuKey = (node: MenuNode) => `sub:${node.id}`;

/**
 * The menu search box (spec 01 §2): leaf items whose label starts with `query`, ignoring case
 * and surrounding spaces. An empty query lists every leaf.
 */
export function searchLeaves(
  nodes: MenuNode[],
  query: string,
  label: (node: MenuNode) => string,
): MenuNode[] {
  const wanted = query.trim().toLocaleLowerCase();
  return leaves(nodes).filter((node) => node.path && label(node).toLocaleLowerCase().startsWith(wanted));
}

/** Menu paths that are external pages (spec 01 §2: paths starting with http). */
export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/**
 * Where an external menu item opens: the embedded page /myiframe/urlPath, with the item's
 * fields as query (spec 01 §2), `src` being the external address.
 */
export function embeddedPath(node: Pick<MenuNode, 'id' | 'code' | 'name' | 'path'>): string {
  const query = new URLSearchParams({ src: node.path, name: node.name, code: node.code, id: node.id });
  return `/myiframe/urlPath?${query.toString()}`;
}

/** The external address an embedded page may show: http(s) only, never javascript: or data:. */
export function embeddableSource(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
