import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../session.ts';
import { homePath } from '../shell/tabs.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

function Standalone({ status, title, text }: { status: '403' | '500'; title: string; text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.session !== null);
  useDocumentTitle(title);
  return (
    <div className="bl-standalone">
      <Result
        className="bl-result"
        status={status}
        title={status}
        subTitle={text}
        extra={
          <Button type="primary" onClick={() => navigate(signedIn ? homePath : '/login')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** /403, open without signing in (spec 01 §2). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <Standalone status="403" title={t('errorPage.forbiddenTitle')} text={t('errorPage.forbidden')} />;
}

/** /500, open without signing in (spec 01 §2). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <Standalone status="500" title={t('errorPage.serverErrorTitle')} text={t('errorPage.serverError')} />
  );
}
