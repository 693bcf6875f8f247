import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import type { TopMenuItem } from '@bl/contract';
import { App, Dropdown } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, topMenuRoutesQuery, useTopMenus, useUserInfo } from '../api/query.ts';
import { toastSeconds } from './feedback.ts';
import { menuIcon } from './icons.tsx';
import { visibleMenus } from './menu.ts';
import {
  chosenTopMenu,
  fittingTabs,
  moreTopMenuTabWidth,
  topMenuLabel,
  topMenuTabWidthAt,
  useTopMenu,
} from './topMenu.ts';

interface Tab {
  key: string;
  label: string;
  icon: ReactNode;
  item?: TopMenuItem;
}

/** `topMenuLabel` bound to the translations, following the language. */
export function useTopMenuLabel(): (item: TopMenuItem) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (item: TopMenuItem) =>
      topMenuLabel(item, (key) => (i18n.exists(key) ? t(key as 'app.title') : undefined)),
    [t, i18n],
  );
}

/**
 * The top bar's top menu (spec 01 §2, §4): "all menus" first, then the server's top menus.
 * Choosing one loads its side menu; an empty one says so. Nothing shows when the tenant has
 * no top menus, and the side menu keeps the whole tree.
 */
export function TopMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useTopMenuLabel();
  const topMenus = useTopMenus();
  const roles = useUserInfo().data?.roles;
  const chosenId = useTopMenu((s) => s.chosenId);
  const choose = useTopMenu((s) => s.choose);
  const items = topMenus.data ?? [];
  const chosen = chosenTopMenu(items, chosenId);
  const bar = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  const shownAtAll = items.length > 0;
  // The bar takes the header's spare width; how many tabs fit follows it.
  useEffect(() => {
    const element = bar.current;
    if (!shownAtAll || !element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shownAtAll]);
  if (items.length === 0) return null;
  const fits = width === undefined ? items.length + 1 : fittingTabs(width, items.length + 1);

  const open = async (item: TopMenuItem) => {
    choose(item.id);
    // Loading it here (the side menu reads the same cached answer) tells at once when it is empty.
    const nodes = await queryClient.fetchQuery(topMenuRoutesQuery(item.id)).catch(() => undefined);
    if (nodes && visibleMenus(nodes, roles).length === 0)
      message.warning({
        content: t('shell.topMenuEmpty', { name: label(item) }),
        duration: toastSeconds,
        key: 'top-menu-empty',
      });
  };

  const tabs: Tab[] = [
    { key: 'all', label: t('shell.topMenuHome'), icon: <AppstoreOutlined /> },
    ...items.map((item) => ({
      key: item.id,
      label: label(item),
      icon: menuIcon(item.icon || item.source),
      item,
    })),
  ];
  const isChosen = (tab: Tab) => (tab.item ? tab.item.id === chosen?.id : !chosen);
  const pick = (tab: Tab) => (tab.item ? void open(tab.item) : choose(null));
  const shown = tabs.slice(0, fits);
  const rest = tabs.slice(fits);
  const chosenInRest = rest.find(isChosen);
  return (
    <div
      ref={bar}
      className="bl-top-menu"
      role="tablist"
      aria-label={t('shell.topMenu')}
      data-testid="top-menu"
    >
      {shown.map((tab, index) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={isChosen(tab)}
          className={isChosen(tab) ? 'bl-top-menu-tab bl-top-menu-tab-active' : 'bl-top-menu-tab'}
          style={{ width: topMenuTabWidthAt(index) }}
          title={tab.label}
          data-testid={`top-menu-${tab.item?.menuCode ?? 'all'}`}
          onClick={() => pick(tab)}
        >
          {tab.icon}
          <span className="bl-top-menu-label">{tab.label}</span>
        </button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((tab) => ({
              key: tab.key,
              icon: tab.icon,
              label: <span data-testid={`top-menu-${tab.item?.menuCode ?? 'all'}`}>{tab.label}</span>,
            })),
            selectable: true,
            selectedKeys: chosenInRest ? [chosenInRest.key] : [],
            onClick: ({ key }) => {
              const tab = rest.find((r) => r.key === key);
              if (tab) pick(tab);
            },
          }}
        >
          {/* The chosen top menu stays in sight: "more" takes its name while it is inside. */}
          <button
            type="button"
            className={chosenInRest ? 'bl-top-menu-tab bl-top-menu-tab-active' : 'bl-top-menu-tab'}
            style={{ width: moreTopMenuTabWidth }}
            title={chosenInRest?.label ?? t('shell.topMenuMore')}
            data-testid="top-menu-more"
          >
            <span className="bl-top-menu-label">{chosenInRest?.label ?? t('shell.topMenuMore')}</span>
            <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
