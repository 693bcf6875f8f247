import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page titles read '{page}-{product title}' (spec 01 §2) and follow the language. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    document.title = page ? `${page}-${product}` : product;
  }, [page, product]);
}
