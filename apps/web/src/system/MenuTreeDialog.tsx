import type { MenuNode } from '@bl/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';
import { buttonLabelKey } from './buttons.ts';

/** The menu tree as antd tree nodes, labelled in the current language. */
function toTreeData(nodes: MenuNode[], label: (node: MenuNode) => string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: label(node),
    children: toTreeData(node.children ?? [], label),
  }));
}

/** Every id of the tree whose node has no children: what a checked box stands for. */
function leafIds(nodes: MenuNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if ((node.children ?? []).length === 0) out.add(node.id);
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return out;
}

/**
 * A checkable tree of menus and buttons (role configuration, tenant packages): opens with
 * what is held, and saving asks "Allocate resources ?" (spec 02 §6) before `save` gets the
 * checked ids with their half-checked parents, so a granted leaf keeps its menu path.
 */
export function MenuTreeDialog(props: {
  title: string;
  /** Where the tree comes from: only what the caller may hand out. */
  treeUrl: string;
  /** The ids held now; none when several records start empty. */
  held?: { key: unknown[]; load: () => Promise<string[]> };
  save: (menuIds: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const { title, treeUrl, held, save, onClose } = props;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const menuLabel = useMenuLabel();
  const tree = useQuery({
    queryKey: ['menuTree', treeUrl],
    queryFn: () => client.request<MenuNode[]>('GET', treeUrl),
  });
  const current = useQuery({
    queryKey: held?.key ?? ['held', 'none'],
    queryFn: () => held?.load() ?? Promise.resolve([]),
    enabled: held !== undefined,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<{ checked: Key[]; halfChecked: Key[] }>();

  const label = (node: MenuNode) => {
    const key = node.category === 2 ? buttonLabelKey(node.code) : undefined;
    return key ? t(key) : menuLabel({ code: node.code, name: node.name });
  };
  const ready = tree.data !== undefined && (held === undefined || current.data !== undefined);
  // A parent stored as held shows through its leaves, so antd can work out half-checks.
  const initial = ready && tree.data ? (current.data ?? []).filter((id) => leafIds(tree.data).has(id)) : [];
  const shown = checked ?? { checked: initial, halfChecked: [] };

  const confirmSave = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('roles.allocateConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'bl-confirm-allocate',
      onOk: async () => {
        await save([...shown.checked, ...shown.halfChecked].map(String));
        message.success(t('crud.success'));
        onClose();
      },
    });

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={confirmSave}
      okText={t('crud.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready, id: 'grant-save' }}
      width={560}
      destroyOnHidden
    >
      {ready && tree.data ? (
        <div className="bl-grant-tree" data-testid="grant-tree">
          <Tree
            checkable
            selectable={false}
            defaultExpandedKeys={[]}
            treeData={toTreeData(tree.data, label)}
            checkedKeys={shown}
            onCheck={(keys, info) =>
              setChecked({
                checked: Array.isArray(keys) ? keys : keys.checked,
                halfChecked: (info.halfCheckedKeys ?? []) as Key[],
              })
            }
          />
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
