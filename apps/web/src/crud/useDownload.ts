import { ApiError, type Query, ResultCode } from '@bl/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../api/query.ts';
import { toastSeconds } from '../shell/feedback.ts';
import { DownloadError, downloadFile, exportInBackground } from './files.ts';

/**
 * Downloads a file and says why when it cannot (spec 01 §8): the fixed words for 401, 403 and
 * 404, the server's message otherwise, and "could not download" when the call itself failed.
 * A 401 also ends the session, as every call does.
 */
export function useDownload() {
  const run = useReportedDownload();
  return useCallback(
    (path: string, query: Query, fallbackName: string): Promise<boolean> =>
      run(() => downloadFile(path, query, fallbackName)),
    [run],
  );
}

/**
 * Exports a large list as a background job (files.ts `exportInBackground`), telling
 * `onProgress` the rows written, then downloads it; refusals read as useDownload's do.
 */
export function useBackgroundExport() {
  const run = useReportedDownload();
  return useCallback(
    (
      path: string,
      query: Query,
      fallbackName: string,
      onProgress: (done: number, total: number) => void,
    ): Promise<boolean> => run(() => exportInBackground(path, query, fallbackName, onProgress)),
    [run],
  );
}

/** Runs a download, answering whether it worked and showing why when it did not. */
function useReportedDownload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    async (download: () => Promise<void>): Promise<boolean> => {
      try {
        await download();
        return true;
      } catch (error) {
        if (error instanceof DownloadError) {
          const text = error.failure ? t(`crud.download.${error.failure}`) : error.message;
          if (error.code === ResultCode.unauthorized) reportError(new ApiError(error.code, text));
          else message.error({ content: text, duration: toastSeconds });
        } else {
          message.error({ content: t('crud.download.failed'), duration: toastSeconds });
        }
        return false;
      }
    },
    [t, message],
  );
}
