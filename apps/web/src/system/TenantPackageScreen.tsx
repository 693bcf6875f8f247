import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { MenuTreeDialog } from './MenuTreeDialog.tsx';

/**
 * Tenant packages: the generic screen plus the menus and buttons of one package as a checkable
 * tree, behind the `tenantpackage_edit` button. A tenant with the package uses nothing else.
 */
export function TenantPackageScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const canEdit = !!codes && (codes.has('*:*:*') || codes.has('tenantpackage_edit'));
  const [editing, setEditing] = useState<string>();
  return (
    <>
      <CrudScreen
        {...props}
        toolbarExtra={(withSelection) =>
          canEdit
            ? [
                <Button
                  key="menus"
                  icon={<AppstoreAddOutlined />}
                  onClick={withSelection((ids) => setEditing(ids[0]))}
                  data-testid="toolbar-package-menus"
                >
                  {t('packages.menus')}
                </Button>,
              ]
            : []
        }
      />
      {editing && (
        <MenuTreeDialog
          title={t('packages.menus')}
          treeUrl="/api/bl-system/tenantpackage/menu-tree"
          held={{
            key: ['packageMenus', editing],
            load: () =>
              client.request<string[]>('GET', '/api/bl-system/tenantpackage/menus', {
                query: { id: editing },
              }),
          }}
          save={async (menuIds) => {
            await client.request('POST', '/api/bl-system/tenantpackage/grant', {
              body: { id: editing, menuIds },
            });
            await queryClient.invalidateQueries({ queryKey: ['packageMenus'] });
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
