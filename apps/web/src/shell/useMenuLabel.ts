import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueLabels } from '../api/query.ts';
import { menuLabel } from '../i18n/index.ts';

/** `menuLabel` bound to the catalogue's labels, following the language. */
export function useMenuLabel(): (item: { code: string; name: string }) => string {
  const { i18n } = useTranslation();
  const { data: catalogue } = useCatalogueLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useCallback((item) => menuLabel(item, catalogue), [catalogue, i18n.language]);
}
