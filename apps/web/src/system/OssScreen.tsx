import { ExperimentOutlined } from '@ant-design/icons';
import { ApiError, type ApiResult, ResultCode } from '@bl/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authHeaders } from '../api/client.ts';
import { reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { useProgress } from '../shell/progress.ts';

/** Server: modules/resource/routes.ts (ossTestPath). */
const testPath = '/api/bl-resource/oss/test';

/**
 * Object storage settings (spec 02 §3.2 oss): the generic list and form, plus testing the
 * selected settings (button `oss_test`): the server writes, reads back and deletes a small
 * file and says which step failed and why. The entity screen has no row actions of a bespoke
 * screen's own, so the test is a toolbar button on the selection, like the other extra actions.
 */
export function OssScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const codes = useButtonCodes().data;
  const canTest = !!codes && (codes.has('*:*:*') || codes.has('oss_test'));
  const [testing, setTesting] = useState(false);

  // Not through the shared client: its 6-second limit is shorter than a remote store may take
  // to fail (OSS_TIMEOUT_MS), and the server's own message says more than "timed out".
  const test = async (ids: string[]) => {
    setTesting(true);
    const progress = useProgress.getState();
    progress.start();
    try {
      for (const id of ids) {
        const response = await fetch(`${testPath}?id=${encodeURIComponent(id)}`, {
          method: 'POST',
          headers: authHeaders(),
        });
        const envelope = (await response.json()) as ApiResult<unknown>;
        if (envelope.success) {
          message.success(envelope.msg);
        } else if (envelope.code === ResultCode.unauthorized) {
          reportError(new ApiError(envelope.code, envelope.msg));
          return;
        } else {
          message.error(envelope.msg || t('common.unknownError'));
        }
      }
    } catch {
      message.error(t('common.networkError'));
    } finally {
      progress.done();
      setTesting(false);
    }
  };

  return (
    <CrudScreen
      {...props}
      toolbarExtra={(withSelection) =>
        canTest
          ? [
              <Button
                key="test"
                icon={<ExperimentOutlined />}
                loading={testing}
                onClick={withSelection((ids) => void test(ids))}
                data-testid="toolbar-test"
              >
                {testing ? t('storage.testing') : t('storage.test')}
              </Button>,
            ]
          : []
      }
    />
  );
}
