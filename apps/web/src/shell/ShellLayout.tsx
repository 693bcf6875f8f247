import {
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuNode } from '@bl/contract';
import { App, Avatar, Button, Layout, Menu, type MenuProps, Spin, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { forgetSession, useMenuRoutes, useUserInfo } from '../api/query.ts';
import { useSession } from '../session.ts';
import { menuIcon } from './icons.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { subMenuKey, trailTo, visibleMenus } from './menu.ts';
import { useMenuLabel } from './useMenuLabel.ts';

type MenuItem = Required<MenuProps>['items'][number];

export const homePath = '/wel/index';

function toItems(nodes: MenuNode[], depth: number, menuLabel: (node: MenuNode) => string): MenuItem[] {
  return nodes.map((node) => {
    const icon = depth === 0 ? menuIcon(node.source, menuIcon('AppstoreOutlined')) : menuIcon(node.source);
    if (node.children.length > 0)
      return {
        key: subMenuKey(node),
        icon,
        label: menuLabel(node),
        children: toItems(node.children, depth + 1, menuLabel),
      };
    return { key: node.path || node.id, icon, label: menuLabel(node), title: menuLabel(node) };
  });
}

/** The signed-in frame: top bar, side menu from the server, and the page. */
export function ShellLayout() {
  const signedIn = useSession((s) => s.session !== null);
  if (!signedIn) return <Navigate to="/login" replace />;
  return <Shell />;
}

function Shell() {
  const { t } = useTranslation();
  const menuLabel = useMenuLabel();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession((s) => s.session);
  const userInfo = useUserInfo();
  const menuRoutes = useMenuRoutes();
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 992);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  const menus = useMemo(() => visibleMenus(menuRoutes.data), [menuRoutes.data]);
  const items = useMemo<MenuItem[]>(
    () => [
      { key: homePath, icon: <HomeOutlined />, label: t('shell.home') },
      ...toItems(menus, 0, menuLabel),
    ],
    [menus, t, menuLabel],
  );

  // Open the sub-menus leading to the page shown, whichever way the visitor got there.
  useEffect(() => {
    const trail = trailTo(menus, location.pathname).slice(0, -1).map(subMenuKey);
    if (trail.length > 0) setOpenKeys((keys) => [...new Set([...keys, ...trail])]);
  }, [menus, location.pathname]);

  const selected = trailTo(menus, location.pathname).at(-1);
  const selectedKeys = [selected ? selected.path || selected.id : location.pathname];

  const userName = userInfo.data?.userName ?? session?.userName ?? '';
  const roleName = userInfo.data?.roleName ?? session?.roleName ?? '';

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

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (/^https?:\/\//.test(key)) window.open(key, '_blank', 'noopener');
    else navigate(key);
  };

  return (
    <Layout className="bl-shell">
      <Layout.Header className="bl-header">
        <button type="button" className="bl-brand" onClick={() => navigate(homePath)}>
          <Logo size={30} />
          <span className="bl-brand-title">{t('app.title')}</span>
        </button>
        <Tooltip title={collapsed ? t('shell.expand') : t('shell.collapse')}>
          <Button
            type="text"
            className="bl-collapse"
            aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
        </Tooltip>
        <div className="bl-header-spacer" />
        <LanguageSwitch />
        <div className="bl-user" data-testid="current-user">
          <Avatar size={30} icon={<UserOutlined />} className="bl-avatar" />
          <span className="bl-user-name" data-testid="user-name">
            {userName}
          </span>
          {roleName && (
            <Tag color="blue" className="bl-role" data-testid="role-name">
              {roleName}
            </Tag>
          )}
        </div>
        <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="logout">
          {t('shell.logout')}
        </Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          className="bl-sider"
          theme="light"
          width={224}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
        >
          {menuRoutes.isPending ? (
            <div className="bl-sider-loading">
              <Spin />
            </div>
          ) : (
            <Menu
              mode="inline"
              aria-label={t('shell.menu')}
              data-testid="side-menu"
              items={items}
              selectedKeys={selectedKeys}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={setOpenKeys}
              onClick={onMenuClick}
            />
          )}
        </Layout.Sider>
        <Layout.Content className="bl-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
