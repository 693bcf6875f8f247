import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { MenuNode } from '@bl/contract';
import { Button, Empty, Layout, Menu, type MenuProps, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useMenuRoutes, useTopMenuRoutes, useTopMenus, useUserInfo } from '../api/query.ts';
import { RefCreateHost } from '../crud/RefCreateHost.tsx';
import { useWindowWidth } from '../crud/useWindowWidth.ts';
import { AlarmBell } from '../devices/AlarmBell.tsx';
import { useSession } from '../session.ts';
import { screenClass } from '../utils/screen.ts';
import { TodoCount } from '../workflow/TodoCount.tsx';
import { ColorPickerButton, ThemePicker } from './AppearancePickers.tsx';
import { themeLook, useAppearance } from './appearance.ts';
import { ErrorLogButton } from './ErrorLogButton.tsx';
import { FullScreenButton } from './FullScreenButton.tsx';
import { menuIcon } from './icons.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LockButton } from './LockButton.tsx';
import { Logo } from './Logo.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { embeddedPath, isExternal, leaves, subMenuKey, trailTo, visibleMenus } from './menu.ts';
import { TabsBar } from './TabsBar.tsx';
import { TopMenu, useTopMenuLabel } from './TopMenu.tsx';
import { homePath, useTabs } from './tabs.ts';
import { chosenTopMenu, sideMenuOf, useTopMenu } from './topMenu.ts';
import { UserMenu } from './UserMenu.tsx';
import { InShell } from './useDocumentTitle.ts';
import { useMenuLabel } from './useMenuLabel.ts';
import { useTenantTexts } from './useTenantTexts.ts';
import { useTokenRefresh } from './useTokenRefresh.ts';

export { homePath };

type MenuItem = Required<MenuProps>['items'][number];

/** A menu label that, when the side menu cuts it short, shows in full on hover. */
const fullLabel = (text: string) => <span title={text}>{text}</span>;

function toItems(nodes: MenuNode[], depth: number, menuLabel: (node: MenuNode) => string): MenuItem[] {
  return nodes.map((node) => {
    const icon = depth === 0 ? menuIcon(node.source, menuIcon('AppstoreOutlined')) : menuIcon(node.source);
    if (node.children.length > 0)
      return {
        key: subMenuKey(node),
        icon,
        label: fullLabel(menuLabel(node)),
        children: toItems(node.children, depth + 1, menuLabel),
      };
    return { key: node.path || node.id, icon, label: fullLabel(menuLabel(node)), title: menuLabel(node) };
  });
}

/** The signed-in frame: top bar, side menu from the server, tab bar, and the page. */
export function ShellLayout() {
  const signedIn = useSession((s) => s.session !== null);
  if (!signedIn) return <Navigate to="/login" replace />;
  return (
    <InShell.Provider value={true}>
      <Shell />
    </InShell.Provider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const menuLabel = useMenuLabel();
  const navigate = useNavigate();
  const location = useLocation();
  const menuRoutes = useMenuRoutes();
  const collapsed = useAppearance((s) => s.collapsed);
  const setCollapsed = useAppearance((s) => s.setCollapsed);
  const look = themeLook(
    useAppearance((s) => s.theme),
    useAppearance((s) => s.color),
  );
  const narrow = screenClass(useWindowWidth()) === 0;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useTokenRefresh();
  useTenantTexts();

  const roles = useUserInfo().data?.roles;
  // Every menu the user has: routes, tabs and the search box reach them whatever the top menu.
  const menus = useMemo(() => visibleMenus(menuRoutes.data, roles), [menuRoutes.data, roles]);
  const topMenus = useTopMenus();
  const chosen = chosenTopMenu(
    topMenus.data,
    useTopMenu((s) => s.chosenId),
  );
  const chosenRoutes = useTopMenuRoutes(chosen?.id);
  const side = useMemo(
    // A top menu that could not be loaded (its error was shown) leaves the whole tree in place.
    () => sideMenuOf(menus, chosenRoutes.isError ? undefined : chosen, chosenRoutes.data, roles),
    [menus, chosen, chosenRoutes.data, chosenRoutes.isError, roles],
  );
  const sideMenus = side.kind === 'all' || side.kind === 'topMenu' ? side.menus : [];
  const topMenuLabel = useTopMenuLabel();
  const items = useMemo<MenuItem[]>(
    () => [
      { key: homePath, icon: <HomeOutlined />, label: t('shell.home') },
      ...toItems(sideMenus, 0, menuLabel),
    ],
    [sideMenus, t, menuLabel],
  );

  // Open the sub-menus leading to the page shown, whichever way the visitor got there.
  useEffect(() => {
    const trail = trailTo(sideMenus, location.pathname).slice(0, -1).map(subMenuKey);
    if (trail.length > 0) setOpenKeys((keys) => [...new Set([...keys, ...trail])]);
  }, [sideMenus, location.pathname]);

  // A menu page gets its tab on arrival, before its screen has loaded; other pages get theirs
  // when they name themselves (useDocumentTitle), so a path on its way to /404 never gets one.
  useEffect(() => {
    const item = trailTo(menus, location.pathname).at(-1);
    if (item)
      useTabs.getState().open({ value: location.pathname, query: location.search, label: menuLabel(item) });
  }, [menus, location.pathname, location.search, menuLabel]);

  const selected = trailTo(sideMenus, location.pathname).at(-1);
  const selectedKeys = [selected ? selected.path || selected.id : location.pathname];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const external = isExternal(key) ? leaves(menus).find((node) => node.path === key) : undefined;
    navigate(external ? embeddedPath(external) : key);
    // On a phone-sized screen the open menu covers the page: close it once a page is chosen.
    if (narrow) setCollapsed(true);
  };

  const toggleLabel = collapsed ? t('shell.expand') : t('shell.collapse');

  return (
    <Layout className="bl-shell">
      <Layout.Header className="bl-header">
        <button type="button" className="bl-brand" onClick={() => navigate(homePath)}>
          <Logo size={30} />
          <span className="bl-brand-title">{t('app.title')}</span>
        </button>
        <Tooltip title={toggleLabel}>
          <Button
            type="text"
            className="bl-tool bl-collapse"
            aria-label={toggleLabel}
            aria-expanded={!collapsed}
            data-testid="collapse"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
          />
        </Tooltip>
        <MenuSearch menus={menus} />
        <TopMenu />
        <div className="bl-header-spacer" />
        <ColorPickerButton />
        <ThemePicker />
        <LockButton />
        <FullScreenButton />
        <AlarmBell />
        <TodoCount />
        <ErrorLogButton />
        <LanguageSwitch className="bl-tool" />
        <UserMenu />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          className="bl-sider"
          theme={look.menu}
          // Wide enough for most English labels in full (the longer ones show in full on hover).
          width={248}
          collapsedWidth={narrow ? 0 : 64}
          collapsed={collapsed}
          trigger={null}
          data-testid="sider"
        >
          {menuRoutes.isPending || topMenus.isPending || side.kind === 'loading' ? (
            <div className="bl-sider-loading">
              <Spin />
            </div>
          ) : side.kind === 'empty' ? (
            <Empty
              className="bl-sider-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('shell.topMenuEmpty', { name: topMenuLabel(side.topMenu) })}
              data-testid="side-menu-empty"
            />
          ) : (
            <Menu
              mode="inline"
              theme={look.menu}
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
        {/* The shade (spec 01 §2): on a narrow screen the open menu lies over the page; a click beside it closes it. */}
        {narrow && !collapsed && (
          <div className="bl-shade" data-testid="shade" onClick={() => setCollapsed(true)} aria-hidden />
        )}
        <Layout className="bl-main">
          <TabsBar />
          <Layout.Content className="bl-content">
            {/* A reference select with nothing to offer can create the first record (issue 29, 8). */}
            <RefCreateHost>
              <Outlet />
            </RefCreateHost>
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
