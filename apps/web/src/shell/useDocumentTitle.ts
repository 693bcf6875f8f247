import type { ParseKeys } from 'i18next';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTabs } from './tabs.ts';

/** True under the shell's layout: there, a page that names itself is a visited page with a tab. */
export const InShell = createContext(false);

/** A page's title: text it has made itself (a record's or entity's name), or an i18n key. */
export type PageTitle = string | { key: ParseKeys } | undefined;

/**
 * Page titles read '{page}-{product title}' (spec 01 §2) and follow the language. Inside the
 * shell the page's tab opens (or is reused) under the same name (spec 01 §4), so a path that
 * turns out to be nothing (a 404 on its way out) never leaves a tab behind. A title given by its
 * key keeps the key on the tab, so the tab follows a language switch while the page is not shown.
 */
export function useDocumentTitle(title: PageTitle): void {
  const { t } = useTranslation();
  const product = t('app.title');
  const inShell = useContext(InShell);
  const { pathname, search } = useLocation();
  const labelKey = typeof title === 'object' ? title.key : undefined;
  const page: string | undefined = typeof title === 'object' ? t(title.key) : title;
  useEffect(() => {
    document.title = page ? `${page}-${product}` : product;
  }, [page, product]);
  useEffect(() => {
    if (inShell && page)
      useTabs
        .getState()
        .open({ value: pathname, query: search, label: page, ...(labelKey ? { labelKey } : {}) });
  }, [inShell, page, labelKey, pathname, search]);
}
