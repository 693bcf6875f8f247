/** A menu row as `GET /api/bl-system/menu/routes` answers it, as a tree. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  /** 1 menu, 2 button. */
  category: number;
  action: number;
  isOpen: number;
  /** 0 hides the item from the side menu (spec 01 §3). */
  isShow: number;
  /** `roles`: when present, only users holding one of these role aliases see the item (spec 01 §6). */
  meta?: { roles?: string[]; i18n?: string };
  children: MenuNode[];
}

/** A top menu as `GET /api/bl-system/topmenu/listByParams` answers it (spec 01 §3). */
export interface TopMenuItem {
  id: string;
  menuCode: string;
  menuName: string;
  icon: string;
  /** The icon again, under SpringBlade's menu name for it. */
  source: string;
  path: string;
  sort: number;
  /** `i18n`: the web translation key of the name. */
  meta: { i18n: string };
}

/** A node of `GET /api/bl-system/menu/buttons`: menu codes with their button codes beneath. */
export interface ButtonNode {
  code: string;
  name: string;
  children: ButtonNode[];
}

/** Flattens the button tree into the set of allowed codes (spec 01 §6). */
export function flattenButtonCodes(nodes: ButtonNode[]): Set<string> {
  const codes = new Set<string>();
  const walk = (list: ButtonNode[]) => {
    for (const node of list) {
      codes.add(node.code);
      walk(node.children);
    }
  };
  walk(nodes);
  return codes;
}
