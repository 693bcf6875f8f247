import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import type { ParseKeys } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMenuRoutes } from '../api/query.ts';
import { trailTo, visibleMenus } from './menu.ts';
import { canClose, homePath, type Tab, useTabs } from './tabs.ts';
import { useMenuLabel } from './useMenuLabel.ts';

/**
 * The tab bar (spec 01 §2, §4): one tab per visited page, a context menu (right click, or the
 * button at the end of the bar) to close the others or all of them.
 */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const menuRoutes = useMenuRoutes();
  const menuLabel = useMenuLabel();
  const menus = useMemo(() => visibleMenus(menuRoutes.data), [menuRoutes.data]);

  // The menu's label follows the language at once; the page's own title is the fallback.
  const labelOf = (tab: Tab) => {
    if (tab.value === homePath) return t('shell.home');
    // Pages outside the menu name themselves in the current language, not the one they opened in.
    // A key read back from storage is only ever one a page gave (`useDocumentTitle`).
    if (tab.labelKey) return t(tab.labelKey as ParseKeys);
    const item = trailTo(menus, tab.value).at(-1);
    return (item && menuLabel(item)) || tab.label || tab.value;
  };

  const show = (tab: Tab | undefined) => {
    if (tab) navigate(`${tab.value}${tab.query}`);
  };

  // A click on a tab goes to its page unless the browser is already there. Not `onChange`: the
  // router renders a navigation to a page whose code is still loading in a transition, so for a
  // moment the bar still shows the page being left as active, and a click back on its tab would
  // be taken for a click on the active tab and do nothing.
  // The store is read afresh: a click may come right after the tab was closed.
  const clicked = (value: string) => {
    if (value !== window.location.pathname) show(useTabs.getState().tabs.find((tab) => tab.value === value));
  };

  const closeOthers = (value: string) => {
    useTabs.getState().closeOthers(value);
    if (value !== pathname) show(useTabs.getState().tabs.find((tab) => tab.value === value));
  };

  const closeAll = () => {
    useTabs.getState().closeAll();
    navigate(homePath);
  };

  const menuFor = (value: string): MenuProps => ({
    items: [
      { key: 'others', label: <span data-testid="tab-close-others">{t('shell.closeOthers')}</span> },
      { key: 'all', label: <span data-testid="tab-close-all">{t('shell.closeAll')}</span> },
    ],
    onClick: ({ key, domEvent }) => {
      // The menu is drawn in a portal, but React still bubbles its click to the tab it hangs
      // on, which would take the click for a click on that tab.
      domEvent.stopPropagation();
      if (key === 'others') closeOthers(value);
      else closeAll();
    },
  });

  const active = tabs.some((tab) => tab.value === pathname) ? pathname : undefined;

  return (
    <div className="bl-tabs" data-testid="tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        aria-label={t('shell.tabs')}
        onTabClick={clicked}
        onEdit={(value, action) => {
          if (action !== 'remove' || typeof value !== 'string') return;
          show(useTabs.getState().close(value, pathname));
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: canClose(tabs, tab.value),
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab.value)}>
              <span className="bl-tab-label" data-testid="tab" data-path={tab.value}>
                {labelOf(tab)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown trigger={['click']} menu={menuFor(pathname)}>
              <Button size="small" type="text" aria-label={t('shell.tabMenu')} data-testid="tab-menu">
                <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
