import { useQuery } from '@tanstack/react-query';
import { App, Empty, Modal, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient } from '../api/query.ts';

/** A category with its interface permissions, as `role/api-tree` serves them. */
interface ApiNode {
  id: string;
  code: string;
  name: string;
  url: string;
  children: ApiNode[];
}

/** Category nodes group the tree; only permissions (the leaves) are granted. */
const isCategory = (key: Key) => String(key).startsWith('category:');

function toTreeData(nodes: ApiNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title:
      node.children.length > 0 || isCategory(node.id) ? (
        node.name
      ) : (
        <span>
          {node.name} <Typography.Text type="secondary">{`${node.code} · ${node.url}`}</Typography.Text>
        </span>
      ),
    children: toTreeData(node.children),
  }));
}

/**
 * Interface permissions of roles (spec 02 §6): a checkable tree of categories and the
 * permissions the caller may grant. One role opens with its grants; several start empty and
 * all get the same set. Saving asks "Allocate resources ?" as the menu grant does.
 */
export function ApiGrantDialog(props: { roleIds: string[]; onClose: () => void }) {
  const { roleIds, onClose } = props;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const single = roleIds.length === 1 ? roleIds[0] : undefined;
  const tree = useQuery({
    queryKey: ['apiTree'],
    queryFn: () => client.request<ApiNode[]>('GET', '/api/bl-system/role/api-tree'),
    staleTime: 0,
  });
  const held = useQuery({
    queryKey: ['grantedApi', single],
    queryFn: () =>
      client.request<string[]>('GET', '/api/bl-system/role/granted-api', { query: { roleId: single ?? '' } }),
    enabled: single !== undefined,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<Key[]>();
  const ready = tree.data !== undefined && (single === undefined || held.data !== undefined);
  const shown = checked ?? held.data ?? [];

  const confirmSave = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('roles.allocateConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'bl-confirm-allocate',
      onOk: async () => {
        const apiIds = shown.map(String).filter((key) => !isCategory(key));
        await client.request('POST', '/api/bl-system/role/grant-api', { body: { roleIds, apiIds } });
        await queryClient.invalidateQueries({ queryKey: ['grantedApi'] });
        message.success(t('crud.success'));
        onClose();
      },
    });

  return (
    <Modal
      open
      title={t('roles.apis')}
      onCancel={onClose}
      onOk={confirmSave}
      okText={t('crud.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready || tree.data?.length === 0, id: 'grant-api-save' }}
      width={640}
      destroyOnHidden
    >
      {!ready || !tree.data ? (
        <Spin />
      ) : tree.data.length === 0 ? (
        <Empty description={t('roles.apisEmpty')} />
      ) : (
        <div className="bl-grant-tree" data-testid="api-grant-tree">
          <Tree
            checkable
            selectable={false}
            defaultExpandAll
            treeData={toTreeData(tree.data)}
            checkedKeys={shown}
            onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
          />
        </div>
      )}
    </Modal>
  );
}
