import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../session.ts';
import { homePath } from '../shell/tabs.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** The 404 result with a way home. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.session !== null);
  return (
    <Result
      className="bl-result"
      status="404"
      title="404"
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate(signedIn ? homePath : '/login')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

/** /404, open without signing in (spec 01 §2). */
export function NotFoundPage() {
  useDocumentTitle({ key: 'notFound.pageTitle' });
  return (
    <div className="bl-standalone">
      <NotFound />
    </div>
  );
}
