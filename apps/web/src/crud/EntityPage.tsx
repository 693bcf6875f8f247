import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCatalogue } from '../api/query.ts';
import { MenuPage } from '../pages/MenuPage.tsx';
import { CrudScreen } from './CrudScreen.tsx';
import { indexCatalogue } from './catalogue.ts';
import { screenOverrides } from './overrides.ts';

/**
 * Any path inside the shell without a fixed route: the list screen of the catalogue entity at
 * `/{area}/{entity}` (or its override), else the menu page (not built yet, or 404).
 */
export function EntityPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const catalogue = useCatalogue();
  const index = useMemo(
    () => (catalogue.data ? indexCatalogue(catalogue.data) : undefined),
    [catalogue.data],
  );

  if (catalogue.isPending && catalogue.fetchStatus !== 'idle')
    return (
      <div className="bl-page-loading">
        <Spin tip={t('common.loading')}>
          <div className="bl-spin-space" />
        </Spin>
      </div>
    );
  // Without the catalogue no path can be told apart from a menu page: say so, and offer a retry.
  if (catalogue.isError)
    return (
      <Result
        className="bl-result"
        status="warning"
        title={t('crud.loadFailed')}
        extra={<Button onClick={() => void catalogue.refetch()}>{t('crud.retry')}</Button>}
      />
    );
  const entity = index?.entityAtPath(location.pathname);
  if (!index || !entity) return <MenuPage />;
  const Screen = screenOverrides[entity.name] ?? CrudScreen;
  // A new entity starts a new screen: its search, paging and dialogs do not carry over.
  return <Screen key={entity.name} entity={entity} catalogue={index} />;
}
