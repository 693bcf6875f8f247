import { CheckOutlined, KeyOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';

/** The account actions of the user screen, each behind its button code (server: system/accounts.ts). */
const actions = [
  { name: 'approve', path: 'approve', icon: <CheckOutlined />, confirm: 'users.approveConfirm' },
  { name: 'enable', path: 'enable', icon: <UnlockOutlined />, confirm: 'users.enableConfirm' },
  { name: 'disable', path: 'disable', icon: <StopOutlined />, confirm: 'users.disableConfirm' },
  { name: 'resetPassword', path: 'reset-password', icon: <KeyOutlined />, confirm: 'users.resetConfirm' },
] as const;

/**
 * Users (spec 02 §3.2): the generic list, form and view, plus approving registered accounts,
 * enabling and disabling them and resetting their password to the default, each confirmed.
 */
export function UserScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const codes = useButtonCodes().data;
  const can = (name: string) => !!codes && (codes.has('*:*:*') || codes.has(`user_${name}`));

  const run = (action: (typeof actions)[number], ids: string[]) =>
    modal.confirm({
      title: t('crud.tip'),
      content: t(action.confirm),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await client.request('POST', `/api/bl-system/user/${action.path}`, { query: { ids: ids.join(',') } });
        message.success(t('crud.success'));
        await queryClient.invalidateQueries({ queryKey: ['list', 'user'] });
      },
    });

  return (
    <CrudScreen
      {...props}
      toolbarExtra={(withSelection) =>
        actions
          .filter((action) => can(action.name))
          .map(
            (action): ReactNode => (
              <Button
                key={action.name}
                icon={action.icon}
                onClick={withSelection((ids) => run(action, ids))}
                data-testid={`toolbar-${action.name}`}
              >
                {t(`users.${action.name}`)}
              </Button>
            ),
          )
      }
    />
  );
}
