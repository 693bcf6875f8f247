import { useEffect } from 'react';
import { client } from '../api/client.ts';

/**
 * Tells the server each time the page is printed (the browser's `beforeprint`: the print
 * button, the automatic print and Ctrl+P alike), so the operation log shows who printed which
 * records (`POST {path}/printed?ids=`). A failed report never stands in the way of the print.
 */
export function usePrintLog(path: string | undefined, ids: string[], ready: boolean): void {
  const list = ids.join(',');
  useEffect(() => {
    if (!path || !ready || list === '') return;
    const report = () => {
      client.request('POST', `${path}/printed`, { query: { ids: list } }).catch(() => undefined);
    };
    window.addEventListener('beforeprint', report);
    return () => window.removeEventListener('beforeprint', report);
  }, [path, list, ready]);
}
