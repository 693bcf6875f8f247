import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCookies, stubLocalStorage } from '../utils/browser.testing.ts';

let storage: Map<string, string>;
let sent: { url: string; init: RequestInit }[];
let answer: Response;

beforeEach(() => {
  stubCookies();
  storage = stubLocalStorage();
  sent = [];
  vi.stubGlobal('window', { location: { assign: vi.fn() }, addEventListener: () => undefined });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function load() {
  vi.resetModules();
  const files = await import('./files.ts');
  const { useProgress } = await import('../shell/progress.ts');
  return { ...files, useProgress };
}

describe('downloads (spec 01 §7, §8)', () => {
  it('sends the datasource from local storage on zip downloads only', async () => {
    const { datasourceHeaders, downloadFile, DownloadError } = await load();
    expect(datasourceHeaders()).toEqual({});
    storage.set('saber-datasource', 'wms_archive');
    expect(datasourceHeaders()).toEqual({ datasource: 'wms_archive' });

    answer = new Response(JSON.stringify({ code: 403, msg: 'no' }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
    const zip = await downloadFile('/api/code/gen', { ids: '1' }, 'code.zip', { zip: true }).catch((e) => e);
    expect(zip).toBeInstanceOf(DownloadError);
    expect(zip).toMatchObject({ code: 403, failure: 'forbidden' });
    expect(sent[0]?.url).toBe('/api/code/gen?ids=1');
    expect(sent[0]?.init.headers).toMatchObject({
      datasource: 'wms_archive',
      'Blade-Requested-With': 'BladeHttpRequest',
    });

    answer = new Response(JSON.stringify({ code: 400, msg: '文件不存在' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    await expect(downloadFile('/api/oss/file', {}, 'a.pdf')).rejects.toMatchObject({ message: '文件不存在' });
    expect(sent[1]?.init.headers).not.toHaveProperty('datasource');
  });

  it('shows the progress bar while the file comes, and hides it when it fails', async () => {
    const { downloadFile, useProgress } = await load();
    const seen: number[] = [];
    useProgress.subscribe((state) => seen.push(state.pending));
    answer = new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    await expect(downloadFile('/api/x', {}, 'x')).rejects.toMatchObject({ failure: 'notFound' });
    expect(seen).toEqual([1, 0]);
  });
});
