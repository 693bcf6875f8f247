import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useMenuRoutes } from '../api/query.ts';
import { trailTo, visibleMenus } from '../shell/menu.ts';
import { homePath } from '../shell/tabs.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';

/**
 * Any path inside the shell without a screen of its own: a menu item's page that is not built
 * yet, or /404 when no menu item has this path.
 */
export function MenuPage() {
  const { t } = useTranslation();
  const menuLabel = useMenuLabel();
  const navigate = useNavigate();
  const location = useLocation();
  const menuRoutes = useMenuRoutes();
  const item = trailTo(visibleMenus(menuRoutes.data), location.pathname).at(-1);
  const label = item ? menuLabel(item) : undefined;
  useDocumentTitle(label);

  if (menuRoutes.isPending)
    return (
      <div className="bl-page-loading">
        <Spin tip={t('common.loading')}>
          <div className="bl-spin-space" />
        </Spin>
      </div>
    );
  // Unknown paths go to /404 (spec 01 §2), outside the layout and without a tab.
  if (!item) return <Navigate to="/404" replace />;
  return (
    <div className="bl-page" data-testid="not-built">
      <Result
        className="bl-result"
        status="info"
        title={t('notBuilt.title')}
        subTitle={t('notBuilt.description', { page: label })}
        extra={
          <Button type="primary" onClick={() => navigate(homePath)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
