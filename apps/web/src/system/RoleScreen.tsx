import { ApiOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { ApiGrantDialog } from './ApiGrantDialog.tsx';
import { MenuTreeDialog } from './MenuTreeDialog.tsx';

/**
 * Role configuration (spec 02 §2, §6): the menus and buttons of the selected roles as a
 * checkable tree of what the caller may grant. One role opens with its grants; several start
 * empty and all get the same set.
 */
function GrantDialog(props: { roleIds: string[]; onClose: () => void }) {
  const { roleIds, onClose } = props;
  const { t } = useTranslation();
  const single = roleIds.length === 1 ? roleIds[0] : undefined;
  return (
    <MenuTreeDialog
      title={t('roles.configure')}
      treeUrl="/api/bl-system/role/grant-tree"
      held={
        single === undefined
          ? undefined
          : {
              key: ['granted', single],
              load: () =>
                client.request<string[]>('GET', '/api/bl-system/role/granted', { query: { roleId: single } }),
            }
      }
      save={async (menuIds) => {
        await client.request('POST', '/api/bl-system/role/grant', { body: { roleIds, menuIds } });
        await queryClient.invalidateQueries({ queryKey: ['granted'] });
      }}
      onClose={onClose}
    />
  );
}

/**
 * Roles: the generic screen plus role configuration (menus and buttons) and interface
 * permissions, both behind the `role_grant` button.
 */
export function RoleScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const canGrant = !!codes && (codes.has('*:*:*') || codes.has('role_grant'));
  const [granting, setGranting] = useState<string[]>();
  const [grantingApis, setGrantingApis] = useState<string[]>();
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
                <Button
                  key="grant-api"
                  icon={<ApiOutlined />}
                  onClick={withSelection(setGrantingApis)}
                  data-testid="toolbar-grant-api"
                >
                  {t('roles.apis')}
                </Button>,
              ]
            : []
        }
      />
      {granting && <GrantDialog roleIds={granting} onClose={() => setGranting(undefined)} />}
      {grantingApis && <ApiGrantDialog roleIds={grantingApis} onClose={() => setGrantingApis(undefined)} />}
    </>
  );
}
