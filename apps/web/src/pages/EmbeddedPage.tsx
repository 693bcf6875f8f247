import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { embeddableSource } from '../shell/menu.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** /myiframe/{routerPath} (spec 01 §2): an external menu page, embedded in the shell under its own tab. */
export function EmbeddedPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const src = embeddableSource(query.get('src'));
  const name = query.get('name') || src || undefined;
  useDocumentTitle(src ? (name ?? undefined) : undefined);
  if (!src) return <Result className="bl-result" status="warning" title={t('embedded.badAddress')} />;
  return (
    <div className="bl-embedded">
      <iframe title={name ?? src} src={src} data-testid="embedded-page" />
    </div>
  );
}
