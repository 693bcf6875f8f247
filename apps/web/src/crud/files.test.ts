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

describe('background exports (issue 20, target 6)', () => {
  it('queues the export, follows the job with its progress, then downloads its file', async () => {
    const { exportInBackground } = await load();
    const json = (data: unknown) =>
      new Response(JSON.stringify({ code: 200, success: true, msg: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    const polls = [
      json({ status: 'running', done: 2000, total: 4500 }),
      json({ status: 'done', done: 4500, total: 4500, message: 'Exported 4500 records', result: {} }),
    ];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      if (url.includes('/export?')) return json({ jobId: '42' });
      if (url.startsWith('/api/bl-jobs/job/detail')) return polls.shift();
      return new Response(new Blob(['xlsx'], { type: 'application/vnd.ms-excel' }), {
        headers: { 'content-disposition': "attachment; filename*=UTF-8''materials.xlsx" },
      });
    });
    const saved: string[] = [];
    vi.stubGlobal('URL', { createObjectURL: () => 'blob:1', revokeObjectURL: () => undefined });
    vi.stubGlobal('document', {
      createElement: () => ({
        style: {},
        click() {
          saved.push((this as unknown as { download: string }).download);
        },
        remove: () => undefined,
      }),
      body: { appendChild: () => undefined },
    });
    const progress: [number, number][] = [];
    await exportInBackground('/api/bl-wms/material', { code: 'M' }, 'material.xlsx', (done, total) =>
      progress.push([done, total]),
    );
    expect(sent.map((call) => call.url)).toEqual([
      '/api/bl-wms/material/export?code=M&mode=job',
      '/api/bl-jobs/job/detail?id=42',
      '/api/bl-jobs/job/detail?id=42',
      '/api/bl-jobs/job/download?id=42',
    ]);
    expect(progress).toEqual([
      [2000, 4500],
      [4500, 4500],
    ]);
    expect(saved).toEqual(['materials.xlsx']);
  });

  it('reads a refused export as a download error with the server message', async () => {
    const { exportInBackground } = await load();
    answer = new Response(JSON.stringify({ code: 400, success: false, msg: '导出数据过多' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
    await expect(exportInBackground('/api/x', {}, 'x.xlsx', () => undefined)).rejects.toMatchObject({
      message: '导出数据过多',
    });
    expect(sent).toHaveLength(1);
  });
});
