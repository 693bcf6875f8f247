import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCatalogue } from '../api/query.ts';
import { MenuPage } from '../pages/MenuPage.tsx';
import { CrudScreen } from './CrudScreen.tsx';
import { indexCatalogue } from './catalogue.ts';
import { entityScreens, routeScreen, screenOverrides } from './overrides.ts';
import { resolveSpecRoute } from './routes.ts';

/**
 * Any path inside the shell without a fixed route: the list screen of the catalogue entity at
 * `/{area}/{entity}` (or its override), or the screen a spec route opens (routes.ts), else the
 * menu page (not built yet, or 404).
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
  if (!index) return <MenuPage />;
  // A bespoke screen of a spec route wins over any entity the route would otherwise open.
  const RouteScreen = routeScreen(location.pathname);
  if (RouteScreen) return <RouteScreen key={`${location.pathname}${location.search}`} catalogue={index} />;
  const atPath = index.entityAtPath(location.pathname);
  // A list path may open one record's view (`?view=`): where a link names a bill whose entity
  // has no spec view route (an approver's task, issue 29, 14).
  const viewId = new URLSearchParams(location.search).get('view')?.trim();
  const target = atPath
    ? viewId
      ? { entity: atPath.name, mode: 'view' as const, id: viewId }
      : undefined
    : resolveSpecRoute(location.pathname, location.search, (name) => {
        const found = index.entity(name);
        return !!found && !found.parent;
      });
  const entity = atPath ?? (target && index.entity(target.entity));
  if (!entity) return <MenuPage />;
  const Screen =
    (target?.screen && entityScreens[target.screen]) || screenOverrides[entity.name] || CrudScreen;
  // A new entity or route starts a new screen: its search, paging and dialogs do not carry over.
  return (
    <Screen
      key={`${location.pathname}${location.search}`}
      entity={entity}
      catalogue={index}
      {...(target && { target })}
    />
  );
}
