import { performance } from 'node:perf_hooks';
import type { Page } from '@bl/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaveModel } from '../src/modules/workflow/leave.ts';
import { parsePool } from '../src/parsing/pool.ts';
import { body, multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { deflated, deflatedZeros, readZip, rezip, writeZip } from './support/zip-fixtures.ts';

/**
 * Issue 27, defect 1 (docs/adr/0035-untrusted-parsing.md): nothing a user uploads may block the
 * event loop. A damaged or bomb-like file is refused, with a message, before any parser sees it;
 * parsing runs in a worker with a deadline and a heap limit; meanwhile every other request is
 * answered. Also defect 8's formula cell whose cached value is text.
 */

type Cell = string | number | ExcelJS.CellFormulaValue | null;

async function book(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const header = ['物料编码', '物料名称', '基本单位', '单价'];
const sheetName = 'xl/worksheets/sheet1.xml';

/** A workbook whose sheet's data no longer inflates (its first byte opens a reserved block type). */
function notInflating(xlsx: Buffer): Buffer {
  return writeZip(
    readZip(xlsx).map(({ name, content }) => {
      const entry = deflated(name, content);
      return name === sheetName ? { ...entry, stored: Buffer.from(entry.stored).fill(0xff, 0, 2) } : entry;
    }),
  );
}

describe.each(testDrivers())('untrusted uploads on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let good: Buffer;
  const limits = { ...parsePool.options };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    // Imports run in the request here (no job), so the answer is the parse's.
    app = await testApp(test.database, { IMPORT_JOB_MIN_BYTES: String(64 * 1024 * 1024) });
    admin = await tokensOf(app, '000000');
    const unit = await app.inject({
      method: 'POST',
      url: '/api/bl-wms/unit/submit',
      payload: { code: 'PCS', name: '件' },
      headers: { 'blade-auth': `bearer ${admin.accessToken}` },
    });
    expect(unit.statusCode, unit.body).toBe(200);
    good = await book([header, ['U-001', '好的', 'PCS', 1]]);
  });
  afterEach(() => {
    parsePool.configure({ timeoutMs: limits.timeoutMs });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const upload = (
    fileName: string,
    content: Buffer,
    options: { language?: string; url?: string; query?: Record<string, string> } = {},
  ) => {
    const form = multipart(fileName, content);
    return app.inject({
      method: 'POST',
      url: options.url ?? '/api/bl-wms/material/import',
      query: options.query,
      payload: form.payload,
      headers: {
        'blade-auth': `bearer ${admin.accessToken}`,
        'blade-language': options.language ?? 'zh',
        'content-type': form.contentType,
      },
    });
  };
  const ready = () => app.inject({ method: 'GET', url: '/readyz' });
  const materialNames = async (code: string) =>
    body<Page<{ name: string }>>(
      await app.inject({
        method: 'GET',
        url: '/api/bl-wms/material/list',
        query: { code_equal: code },
        headers: { 'blade-auth': `bearer ${admin.accessToken}` },
      }),
    ).data.records.map((r) => r.name);

  /** An answer and how long it took, with a readiness probe sent alongside and answered too. */
  async function timed(request: () => Promise<LightMyRequestResponse>) {
    const started = performance.now();
    const [answer, probe] = await Promise.all([
      request().then((r) => [r, performance.now()] as const),
      ready(),
    ]);
    expect(probe.statusCode).toBe(200);
    return { answer: answer[0], ms: answer[1] - started };
  }

  it('refuses truncated, damaged and bomb-like files at once, with a message, in every language', async () => {
    const bomb = writeZip([
      ...readZip(good)
        .filter(({ name }) => name !== sheetName)
        .map(({ name, content }) => deflated(name, content)),
      { name: sheetName, stored: await deflatedZeros(200), method: 8, unpacked: 200 << 20 },
    ]);
    const garbageXls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)),
    ]);
    const damaged = {
      zh: '无法读取文件：文件已损坏或不完整（可能在上传时被截断），请重新保存后再上传',
      mo: '無法讀取檔案：檔案已損壞或不完整（可能在上傳時被截斷），請重新儲存後再上傳',
      en: 'The file cannot be read: it is damaged or incomplete (perhaps cut off during the upload); save it again and upload it again',
    };
    const cases: [string, string, Buffer, keyof typeof damaged, string][] = [
      // The attack: the first 60 bytes of a real workbook, a local header and part of a name.
      ['truncated', 'materials.xlsx', good.subarray(0, 60), 'zh', damaged.zh],
      ['no end record', 'materials.xlsx', good.subarray(0, good.length - 22), 'mo', damaged.mo],
      ['entry not inflating', 'materials.xlsx', notInflating(good), 'en', damaged.en],
      [
        'zip bomb',
        'materials.xlsx',
        bomb,
        'en',
        'The file cannot be read: it unpacks to an abnormal amount of data (limit 160 MB)',
      ],
      ['garbage .xls', 'materials.xls', garbageXls, 'zh', damaged.zh],
    ];
    for (const [what, fileName, content, language, message] of cases) {
      const { answer, ms } = await timed(() => upload(fileName, content, { language }));
      expect(answer.statusCode, what).toBe(400);
      expect(body(answer).msg, what).toBe(message);
      expect(ms, what).toBeLessThan(1000);
    }
    // Refused at the upload, not queued as a job; and on the count sheet's import too.
    const job = await upload('materials.xlsx', good.subarray(0, 60), { query: { mode: 'job' } });
    expect(body(job).msg).toBe(damaged.zh);
    const count = await upload('count.xlsx', good.subarray(0, 60), {
      url: '/api/bl-wms/wmstockcheckbill/import-count',
      query: { id: '1' },
      language: 'en',
    });
    expect(count.statusCode).toBe(400);
    expect(body(count).msg).toBe(damaged.en);
    // The server reads files as before.
    expect(body(await upload('good.xlsx', good)).data).toEqual({ imported: 1 });
  });

  it('parses in a worker: other requests are answered while a large file is read', async () => {
    const rows: Cell[][] = [['nothing', 'known', 'here', 'at', 'all']];
    for (let i = 0; i < 30_000; i++) rows.push([`R-${i}`, `text ${i}`, i, i * 1.5, 'x']);
    const large = await book(rows);
    let answered = false;
    const reading = upload('large.xlsx', large, { language: 'en' }).then((response) => {
      answered = true;
      return response;
    });
    for (let i = 0; i < 3; i++) expect((await ready()).statusCode).toBe(200);
    expect(answered).toBe(false);
    // Read whole, then refused for its headers: the parse ran to its end, in the worker.
    expect(body(await reading).msg).toBe('Row 1 has no known column header; please use the import template');
  });

  it('refuses a parse past its deadline, replaces the worker, and reads the next file', async () => {
    const rows: Cell[][] = [header];
    for (let i = 0; i < 20_000; i++) rows.push([`T-${i}`, `name ${i}`, 'PCS', i]);
    const slow = await book(rows);
    parsePool.configure({ timeoutMs: 100 });
    const started = parsePool.started;
    const { answer, ms } = await timed(() => upload('slow.xlsx', slow, { language: 'mo' }));
    expect(answer.statusCode).toBe(400);
    expect(body(answer).msg).toBe('檔案未能在 0.1 秒內讀取完成：內容過大或過於複雜，請拆分後重試');
    expect(ms).toBeLessThan(1000);
    expect(await materialNames('T-1')).toEqual([]);
    parsePool.configure({ timeoutMs: limits.timeoutMs });
    const next = await upload('next.xlsx', await book([header, ['T-NEXT', '下一个', 'PCS', 2]]));
    expect(body(next).data).toEqual({ imported: 1 });
    expect(parsePool.started).toBeGreaterThan(started);
  });

  it('imports the cached text of a formula cell, and refuses one whose text was lost', async () => {
    const formula = (text: string, result: string | number): ExcelJS.CellFormulaValue => ({
      formula: text,
      result,
      date1904: false,
    });
    const named = await book([header, ['F-001', formula('"螺"&"丝"', '螺丝'), 'PCS', formula('1+1', 2)]]);
    expect(body(await upload('formula.xlsx', named)).data).toEqual({ imported: 1 });
    expect(await materialNames('F-001')).toEqual(['螺丝']);

    // A number field whose formula gives text gets the usual message, not NaN.
    const priced = await book([header, ['F-002', '价格', 'PCS', formula('"abc"', 'abc')]]);
    const refused = await upload('priced.xlsx', priced);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).data).toEqual([{ row: 2, message: '单价必须是数字' }]);

    // Some writers leave out the cell type of a text result: SheetJS reads it as a number,
    // NaN, and the text is gone. The cell is refused by its address, never stored as "NaN".
    const untyped = rezip(named, (name, content) =>
      name === sheetName ? Buffer.from(content.toString('utf8').replaceAll(' t="str"', '')) : content,
    );
    expect(untyped.toString('latin1')).not.toContain('t="str"');
    for (const [language, message] of [
      ['zh', '单元格 B2 的值无法读取（可能是结果为文本的公式），请改为直接填写值'],
      ['en', 'The value of cell B2 cannot be read (a formula whose result is text?); type the value itself'],
    ] as const) {
      const answer = await upload('untyped.xlsx', untyped, { language });
      expect(answer.statusCode).toBe(400);
      expect(body(answer).msg).toBe(message);
    }
  });

  it('bounds BPMN models before parsing them, and parses them in the worker', async () => {
    const validate = (xml: string) => {
      // Serialised before the clock starts: only the server's part is timed.
      const payload = JSON.stringify({ xml });
      return timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/bl-flowable/definition/validate',
          payload,
          headers: {
            'blade-auth': `bearer ${admin.accessToken}`,
            'blade-language': 'en',
            'content-type': 'application/json',
          },
        }),
      );
    };
    const definitions = (inner: string) =>
      '<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">' +
      `<bpmn:process id="p" isExecutable="true">${inner}</bpmn:process></bpmn:definitions>`;
    // Namespace declarations made bpmn-moddle take 12 s for 700 KB (and a 4 GB heap, nested).
    const namespaces = definitions(
      Array.from({ length: 20_000 }, (_, i) => `<n${i}:x xmlns:n${i}="urn:${i}"/>`).join(''),
    );
    const nested = (depth: number) =>
      definitions(
        Array.from({ length: depth }, (_, i) => `<bpmn:subProcess id="s${i}">`).join('') +
          '</bpmn:subProcess>'.repeat(depth),
      );
    // Refused from the text alone, before any parser: at once.
    const refused: [string, string, string | RegExp][] = [
      ['namespaces', namespaces, 'The process model is not valid: more than 200 namespace declarations'],
      ['too many elements', nested(40_000), 'The process model is not valid: more than 50000 elements'],
      // 10 MB of nesting: refused by the route's size limit before anything reads it.
      ['10 MB', nested(200_000), /^Invalid request: /],
    ];
    for (const [what, xml, message] of refused) {
      const { answer, ms } = await validate(xml);
      expect(answer.statusCode, what).toBe(400);
      expect(body(answer).msg, what).toMatch(message);
      expect(ms, what).toBeLessThan(1000);
    }
    // Within the text's bounds: parsed in the worker (the probe beside it answered), then
    // refused for what it is. Nested thousands deep, the walk of the model overflowed the
    // stack (a 500) before its nesting was bounded.
    const parsed: [string, string, string][] = [
      ['deep', nested(20_000), 'The process model is not valid: sub-processes nested more than 50 deep'],
      ['no start', nested(3), 'The process model is not valid: no start event'],
    ];
    for (const [what, xml, message] of parsed) {
      const { answer } = await validate(xml);
      expect(answer.statusCode, what).toBe(400);
      expect(body(answer).msg, what).toBe(message);
    }
    const { answer: leave } = await validate(leaveModel('1', '1', '1'));
    expect(body(leave).data).toMatchObject({ key: 'leave' });
  });
});
