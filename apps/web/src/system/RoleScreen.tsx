import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { MenuNode } from '@bl/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { ScreenProps } from '../crud/overrides.ts';
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
 * Role configuration (spec 02 §2, §6): the menus and buttons of the selected roles as a
 * checkable tree; saving asks "Allocate resources ?" (resource allocation) first. One role
 * opens with its grants; several start empty and all get the same set.
 */
function GrantDialog(props: { roleIds: string[]; onClose: () => void }) {
  const { roleIds, onClose } = props;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const menuLabel = useMenuLabel();
  const tree = useQuery({
    queryKey: ['grantTree'],
    queryFn: () => client.request<MenuNode[]>('GET', '/api/bl-system/role/grant-tree'),
  });
  const single = roleIds.length === 1 ? roleIds[0] : undefined;
  const granted = useQuery({
    queryKey: ['granted', single],
    queryFn: () =>
      client.request<string[]>('GET', '/api/bl-system/role/granted', { query: { roleId: single ?? '' } }),
    enabled: single !== undefined,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<{ checked: Key[]; halfChecked: Key[] }>();

  const label = (node: MenuNode) => {
    const key = node.category === 2 ? buttonLabelKey(node.code) : undefined;
    return key ? t(key) : menuLabel({ code: node.code, name: node.name });
  };
  const ready = tree.data !== undefined && (single === undefined || granted.data !== undefined);
  // A parent stored as granted shows through its leaves, so antd can work out half-checks.
  const initial = ready && tree.data ? (granted.data ?? []).filter((id) => leafIds(tree.data).has(id)) : [];
  const current = checked ?? { checked: initial, halfChecked: [] };

  const save = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('roles.allocateConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'bl-confirm-allocate',
      onOk: async () => {
        const menuIds = [...current.checked, ...current.halfChecked].map(String);
        await client.request('POST', '/api/bl-system/role/grant', { body: { roleIds, menuIds } });
        message.success(t('crud.success'));
        await queryClient.invalidateQueries({ queryKey: ['granted'] });
        onClose();
      },
    });

  return (
    <Modal
      open
      title={t('roles.configure')}
      onCancel={onClose}
      onOk={save}
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
            checkedKeys={current}
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

/** Roles: the generic screen plus role configuration behind the `role_grant` button. */
export function RoleScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const canGrant = !!codes && (codes.has('*:*:*') || codes.has('role_grant'));
  const [granting, setGranting] = useState<string[]>();
  return (
    <>
      <CrudScreen
        {...props}
        toolbarExtra={(withSelection) =>
          canGrant
            ? [
                <Button
                  key="grant"
                  icon={<SafetyCertificateOutlined />}
                  onClick={withSelection(setGranting)}
                  data-testid="toolbar-grant"
                >
                  {t('roles.configure')}
                </Button>,
              ]
            : []
        }
      />
      {granting && <GrantDialog roleIds={granting} onClose={() => setGranting(undefined)} />}
    </>
  );
}
