import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@bl/contract';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { embeddedPath, isExternal, searchLeaves } from './menu.ts';
import { useMenuLabel } from './useMenuLabel.ts';

/** The menu search box (spec 01 §2): leaf items by label prefix, case-insensitive; choosing one opens it. */
export function MenuSearch({ menus }: { menus: MenuNode[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuLabel = useMenuLabel();
  const [query, setQuery] = useState('');
  const options = useMemo(
    () =>
      query.trim() === ''
        ? []
        : searchLeaves(menus, query, menuLabel).map((node) => ({
            value: isExternal(node.path) ? embeddedPath(node) : node.path,
            label: <span data-testid="menu-search-option">{menuLabel(node)}</span>,
          })),
    [menus, query, menuLabel],
  );
  return (
    <AutoComplete
      className="bl-menu-search"
      value={query}
      options={options}
      onSearch={setQuery}
      onSelect={(path: string) => {
        setQuery('');
        navigate(path);
      }}
      notFoundContent={query.trim() === '' ? null : t('shell.menuSearchEmpty')}
      popupMatchSelectWidth={260}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('shell.menuSearch')}
        aria-label={t('shell.menuSearch')}
        data-testid="menu-search"
      />
    </AutoComplete>
  );
}
