import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useButtonCodes } from '../api/query.ts';
import { useWindowWidth } from '../crud/useWindowWidth.ts';
import { useSession } from '../session.ts';
import { useErrorLog } from '../shell/errorLog.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { storageKey } from '../storage.ts';
import { screenClass } from '../utils/screen.ts';

interface Readiness {
  driver: string;
  /** Round trip of the readiness call, in ms. */
  elapsed: number;
}

/** Whether this browser keeps what the shell stores (private modes may refuse). */
function storageWorks(): boolean {
  try {
    const key = storageKey('self-check');
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * /test/index (spec 01 §2 "test page"): a self-check a support call starts with: is the server
 * and its database answering, who am I signed in as, how many buttons may I use, and what does
 * this browser offer. Each line can be read out over the phone.
 */
export function SelfCheckPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle({ key: 'selfCheck.title' });
  const session = useSession((s) => s.session);
  const buttons = useButtonCodes();
  const errors = useErrorLog((s) => s.entries.length);
  const width = useWindowWidth();
  const readiness = useQuery({
    queryKey: ['selfCheck'],
    queryFn: async (): Promise<Readiness> => {
      const started = performance.now();
      const response = await fetch('/readyz');
      const answer = (await response.json()) as { success: boolean; data?: { driver: string }; msg: string };
      if (!answer.success || !answer.data) throw new Error(answer.msg);
      return { driver: answer.data.driver, elapsed: Math.round(performance.now() - started) };
    },
    staleTime: 0,
    retry: false,
  });
  const good = (ok: boolean, text: string) => <Tag color={ok ? 'success' : 'error'}>{text}</Tag>;
  const ageMinutes = session ? Math.floor((Date.now() - session.storedAt) / 60_000) : 0;

  return (
    <div className="bl-page">
      <Card
        variant="borderless"
        title={t('selfCheck.title')}
        data-testid="self-check"
        extra={
          <Button
            onClick={() => void readiness.refetch()}
            loading={readiness.isFetching}
            data-testid="self-check-run"
          >
            {t('selfCheck.run')}
          </Button>
        }
      >
        <Descriptions
          bordered
          column={1}
          size="small"
          items={[
            {
              key: 'server',
              label: t('selfCheck.server'),
              children: readiness.isPending
                ? t('selfCheck.checking')
                : readiness.isError
                  ? good(false, (readiness.error as Error).message)
                  : good(
                      true,
                      t('selfCheck.serverReady', {
                        driver: readiness.data.driver,
                        elapsed: readiness.data.elapsed,
                      }),
                    ),
            },
            {
              key: 'session',
              label: t('selfCheck.session'),
              children: session
                ? t('selfCheck.signedIn', {
                    account: session.account,
                    tenant: session.tenantId,
                    minutes: ageMinutes,
                  })
                : good(false, t('selfCheck.signedOut')),
            },
            {
              key: 'buttons',
              label: t('selfCheck.buttons'),
              children: buttons.isPending ? t('selfCheck.checking') : String(buttons.data?.size ?? 0),
            },
            { key: 'language', label: t('selfCheck.language'), children: i18n.language },
            {
              key: 'screen',
              label: t('selfCheck.screen'),
              children: t('selfCheck.screenClass', { width, screen: screenClass(width) }),
            },
            {
              key: 'storage',
              label: t('selfCheck.storage'),
              children: good(storageWorks(), storageWorks() ? t('selfCheck.yes') : t('selfCheck.no')),
            },
            { key: 'errors', label: t('selfCheck.errors'), children: String(errors) },
          ]}
        />
      </Card>
    </div>
  );
}
