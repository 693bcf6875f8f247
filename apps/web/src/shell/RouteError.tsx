import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import { logError } from './errorLog.ts';
import { homePath } from './tabs.ts';

/**
 * What shows instead of a page that crashed while rendering. The router catches such errors
 * before they reach `window`, so they are logged here (spec 01 §8: unhandled UI errors are
 * stored locally).
 */
export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const error = useRouteError();
  useEffect(() => {
    logError('render', error, window.location.pathname);
  }, [error]);
  return (
    <Result
      className="bl-result"
      status="500"
      title={t('errorPage.serverErrorTitle')}
      subTitle={t('errorPage.pageCrashed')}
      extra={
        <Button type="primary" onClick={() => navigate(homePath)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
