import { DownOutlined, HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { forgetSession, useUserInfo } from '../api/query.ts';
import { useSeededName } from '../i18n/seeded.ts';
import { useSession } from '../session.ts';
import { homePath } from './tabs.ts';
import { useAvatarSrc } from './useAvatar.ts';

/** Avatar and name with their menu (spec 01 §2): home, personal info, sign out with confirm. */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const session = useSession((s) => s.session);
  const userInfo = useUserInfo();
  const seeded = useSeededName();
  const userName = seeded(userInfo.data?.userName ?? session?.userName ?? '');
  const roleName = seeded(userInfo.data?.roleName ?? session?.roleName ?? '');
  const avatar = useAvatarSrc(userInfo.data?.avatar);

  const signOut = () =>
    modal.confirm({
      title: t('shell.logoutTitle'),
      content: t('shell.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        // Signing out locally must not depend on the server agreeing.
        await client.logout().catch(() => undefined);
        forgetSession();
        navigate('/login', { replace: true });
      },
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'home',
            icon: <HomeOutlined />,
            label: <span data-testid="user-home">{t('shell.home')}</span>,
          },
          {
            key: 'info',
            icon: <UserOutlined />,
            label: <span data-testid="user-info">{t('shell.info')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('shell.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'home') navigate(homePath);
          else if (key === 'info') navigate('/info/index');
          else signOut();
        },
      }}
    >
      <button type="button" className="bl-user" data-testid="current-user" aria-label={t('shell.userMenu')}>
        <Avatar
          size={30}
          icon={<UserOutlined />}
          src={avatar}
          className="bl-avatar"
          data-testid="user-avatar"
        />
        <span className="bl-user-name" data-testid="user-name">
          {userName}
        </span>
        {roleName && (
          <Tag color="blue" className="bl-role" data-testid="role-name">
            {roleName}
          </Tag>
        )}
        <DownOutlined className="bl-user-caret" />
      </button>
    </Dropdown>
  );
}
