import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '../src/kinds.ts';
import { label } from '../src/label.ts';
import { entities, entityByName } from '../src/registry.ts';
import {
  daySchema,
  idSchema,
  instantSchema,
  isId,
  monthSchema,
  readFieldValue,
  recordSchema,
  writableFields,
} from '../src/validation.ts';

const field = (over: Partial<FieldMeta> & Pick<FieldMeta, 'name' | 'kind'>): FieldMeta => ({
  label: label(`字段${over.name}`, `欄位${over.name}`, `Field ${over.name}`),
  required: false,
  list: true,
  search: 'none',
  form: 'edit',
  view: true,
  sortable: true,
  unique: false,
  system: false,
  ...over,
});

const read = (f: FieldMeta, raw: unknown, language: 'zh' | 'mo' | 'en' = 'en') =>
  readFieldValue(f, raw, language);

describe('field readers', () => {
  it('keeps decimals exact as strings, within their scale and range', () => {
    const price = field({ name: 'price', kind: 'money', scale: 2, min: 0 });
    expect(read(price, 12.5)).toEqual({ ok: true, value: '12.5' });
    expect(read(price, ' 0.10 ')).toEqual({ ok: true, value: '0.10' });
    expect(read(price, '1.234')).toEqual({ ok: false, message: 'Field price allows at most 2 decimals' });
    expect(read(price, '-1')).toEqual({ ok: false, message: 'Field price must be at least 0' });
    expect(read(price, '1e5')).toMatchObject({ ok: false });
    expect(read(price, '9'.repeat(19))).toMatchObject({ ok: false });
  });

  it('keeps the sign, and refuses zero and negative quantities with the shared message (issue 14, 7)', () => {
    const qty = field({ name: 'qty', kind: 'decimal', scale: 4, min: 0, positive: true });
    expect(read(qty, '5')).toEqual({ ok: true, value: '5' });
    expect(read(qty, '0.0001')).toEqual({ ok: true, value: '0.0001' });
    expect(read(qty, '-5')).toEqual({ ok: false, message: 'Field qty must be greater than 0' });
    expect(read(qty, '0')).toEqual({ ok: false, message: 'Field qty must be greater than 0' });
    expect(read(qty, '0.0000', 'zh')).toEqual({ ok: false, message: '字段qty必须大于0' });
    expect(read(qty, -5, 'mo')).toEqual({ ok: false, message: '欄位qty必須大於0' });
    // A field without the rule keeps a negative number as typed, sign and all.
    const adjustment = field({ name: 'adjustment', kind: 'decimal', scale: 4 });
    expect(read(adjustment, '-5')).toEqual({ ok: true, value: '-5' });
    const count = field({ name: 'count', kind: 'integer', positive: true });
    expect(read(count, '0')).toEqual({ ok: false, message: 'Field count must be greater than 0' });
    expect(read(count, '3')).toEqual({ ok: true, value: 3 });
  });

  it('refuses a zero or negative line quantity of every bill, at the field and in the record', () => {
    const lineEntities = entities.filter((entity) =>
      entity.fields.some((f) => f.name === 'qty' && f.positive && writableFields(entity.fields).includes(f)),
    );
    expect(lineEntities.map((entity) => entity.name)).toContain('isinstockbilldetail');
    for (const entity of lineEntities) {
      const qty = entity.fields.find((f) => f.name === 'qty');
      if (!qty) throw new Error(entity.name);
      for (const raw of ['-5', '0']) {
        const result = recordSchema([qty], 'zh', { partial: true }).safeParse({ qty: raw });
        expect(result.success, `${entity.name} ${raw}`).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(`${qty.label.zh}必须大于0`);
      }
      expect(recordSchema([qty], 'en', { partial: true }).parse({ qty: '2.5' })).toEqual({ qty: '2.5' });
    }
  });

  it('reads whole numbers and refuses fractions and text', () => {
    const days = field({ name: 'days', kind: 'integer', max: 10 });
    expect(read(days, '7')).toEqual({ ok: true, value: 7 });
    expect(read(days, 1.5)).toEqual({ ok: false, message: 'Field days must be a whole number' });
    expect(read(days, 'x', 'zh')).toEqual({ ok: false, message: '字段days必须是数字' });
    expect(read(days, 11, 'mo')).toEqual({ ok: false, message: '欄位days不能大於10' });
  });

  it('checks real calendar dates and times', () => {
    const day = field({ name: 'day', kind: 'date' });
    expect(read(day, '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' });
    expect(read(day, '2026-02-29')).toMatchObject({ ok: false });
    expect(read(day, '2026-13-01')).toMatchObject({ ok: false });
    const at = field({ name: 'at', kind: 'datetime' });
    const ok = read(at, '2026-11-22T10:15:00Z');
    expect(ok.ok && (ok.value as Date).toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(read(at, '2026-11-22 10:15:00')).toMatchObject({ ok: true });
    expect(read(at, '2026-11-22 25:00:00')).toMatchObject({ ok: false });
  });

  it('accepts only the values of a dictionary', () => {
    const flag = field({ name: 'flag', kind: 'flag', dict: 'yesNo' });
    expect(read(flag, 1)).toEqual({ ok: true, value: '1' });
    expect(read(flag, true)).toEqual({ ok: true, value: '1' });
    expect(read(flag, '2')).toEqual({ ok: false, message: 'Field flag cannot be "2"' });
  });

  it('reads a reference by id as an id', () => {
    const parent = field({
      name: 'parentId',
      kind: 'ref',
      ref: { entity: 'basicdept', valueField: 'id', labelField: 'deptName' },
    });
    expect(read(parent, 'abc')).toEqual({ ok: false, message: 'Field parentId is not a valid id' });
    expect(read(parent, '12')).toEqual({ ok: true, value: '12' });
  });

  it('checks ids and text length', () => {
    expect(read(field({ name: 'id', kind: 'id' }), '9223372036854775808')).toMatchObject({ ok: false });
    expect(read(field({ name: 'id', kind: 'id' }), '912184129689640960')).toMatchObject({ ok: true });
    expect(read(field({ name: 'code', kind: 'text', maxLength: 3 }), 'abcd')).toEqual({
      ok: false,
      message: 'Field code must be at most 3 characters',
    });
  });
});

describe('recordSchema', () => {
  const fields = [
    field({ name: 'code', kind: 'text', required: true, maxLength: 10 }),
    field({ name: 'kind', kind: 'dict', dict: 'yesNo', required: true }),
    field({ name: 'qty', kind: 'decimal', scale: 3 }),
    field({ name: 'note', kind: 'text', form: 'readonly' }),
    field({ name: 'createUser', kind: 'id', system: true, form: 'hidden' }),
  ];

  it('keeps only writable fields and reads each', () => {
    expect(writableFields(fields).map((f) => f.name)).toEqual(['code', 'kind', 'qty']);
    const result = recordSchema(fields, 'zh').parse({
      code: ' A1 ',
      kind: 0,
      qty: 2,
      note: 'x',
      createUser: '1',
      extra: 1,
    });
    expect(result).toEqual({ code: 'A1', kind: '0', qty: '2' });
  });

  it('reports every problem with the field label, "please select" for choices', () => {
    const result = recordSchema(fields, 'en').safeParse({ code: '', qty: '1.2345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'please input Field code',
      'please select Field kind',
      'Field qty allows at most 3 decimals',
    ]);
  });

  it('leaves absent fields alone in a partial (edit) read, but still clears blanked ones', () => {
    expect(recordSchema(fields, 'zh', { partial: true }).parse({ qty: '' })).toEqual({ qty: null });
  });
});

describe('picture and file links', () => {
  const picture = field({ name: 'avatar', kind: 'image', label: label('头像', '頭像', 'Avatar') });
  const attachment = field({ name: 'link', kind: 'file', label: label('附件地址', '附件地址', 'Link') });
  it('keeps http(s) addresses and paths on this site', () => {
    for (const link of [
      'https://example.com/a.png',
      'HTTP://example.com/a.png',
      '/api/bl-resource/attach/download?id=913338045971374080',
      '/api/bl-system/user/avatar?file=1-2.png',
    ])
      expect(read(attachment, link), link).toEqual({ ok: true, value: link });
  });
  it('refuses any other scheme, however it is written, naming the field in the reader’s language', () => {
    for (const link of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ])
      expect(read(picture, link, 'en'), link).toEqual({
        ok: false,
        message: 'Avatar must be an http:// or https:// address, or a path on this site',
      });
    expect(read(picture, 'data:,x', 'zh')).toEqual({
      ok: false,
      message: '头像只能是 http:// 或 https:// 开头的网址，或本系统内的路径',
    });
    expect(read(attachment, 'javascript:alert(1)', 'mo')).toEqual({
      ok: false,
      message: '附件地址只能是 http:// 或 https:// 開頭的網址，或本系統內的路徑',
    });
  });
});

describe('text formats', () => {
  const card = field({
    name: 'card',
    kind: 'text',
    format: 'idCard',
    label: label('证件号码', '證件號碼', 'Certificate number'),
  });
  it('checks identity card numbers: length, shape, region, check digit', () => {
    expect(read(card, '11010519491231002X')).toEqual({ ok: true, value: '11010519491231002X' });
    expect(read(card, '110105194912310021', 'zh')).toEqual({ ok: false, message: '证件号码校验位错误' });
    expect(read(card, '1101051949123100', 'zh')).toEqual({ ok: false, message: '证件号码长度不是18位' });
    expect(read(card, '11010519491231002Y', 'mo')).toEqual({ ok: false, message: '證件號碼格式錯誤' });
    expect(read(card, '99010519491231002X', 'en')).toEqual({
      ok: false,
      message: 'Certificate number has a wrong address code',
    });
  });
  it('checks mobile numbers and e-mail addresses', () => {
    const phone = field({ name: 'phone', kind: 'text', format: 'mobile' });
    expect(read(phone, '13800138000')).toMatchObject({ ok: true });
    expect(read(phone, '1380013800')).toEqual({ ok: false, message: 'Field phone is not 11 digits long' });
    expect(read(phone, '01088886666')).toEqual({
      ok: false,
      message: 'Field phone is not a valid mobile number',
    });
    expect(read(field({ name: 'mail', kind: 'text', format: 'email' }), 'a@b')).toMatchObject({ ok: false });
  });
});

describe('confirmed fields', () => {
  const password = field({ name: 'password', kind: 'text', secret: true, confirm: true, required: true });
  const schema = (language: 'zh' | 'mo' | 'en') => recordSchema([password], language);

  it('accepts a value typed the same twice and keeps only the field', () => {
    const result = schema('en').safeParse({ password: 'Dock-7', confirmPassword: 'Dock-7' });
    expect(result.success && result.data).toEqual({ password: 'Dock-7' });
  });

  it('refuses a different confirmation with the words of spec 02 §5, on the confirmation', () => {
    for (const [language, words] of [
      ['zh', '两次输入密码不一致'],
      ['mo', '兩次輸入密碼不一致'],
      ['en', 'The two input password is inconsistent.'],
    ] as const) {
      const result = schema(language).safeParse({ password: 'Dock-7', confirmPassword: 'Dock-8' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['confirmPassword', words]]);
    }
  });

  it('checks a confirmation only where one is given (imports carry none)', () => {
    expect(schema('en').safeParse({ password: 'Dock-7' }).success).toBe(true);
  });
});

describe('limits taken from the columns (issue 13: validation and table cannot drift apart)', () => {
  const fieldOf = (entity: string, name: string) => {
    const found = entityByName.get(entity)?.fields.find((f) => f.name === name);
    if (!found) throw new Error(`${entity}.${name}`);
    return found;
  };

  it('allows a decimal the integer digits of its numeric(precision, scale), in every language', () => {
    const price = fieldOf('material', 'price'); // numeric(18, 4)
    expect(price).toMatchObject({ precision: 18, scale: 4 });
    expect(read(price, `${'9'.repeat(14)}.9999`)).toMatchObject({ ok: true });
    expect(read(price, `1${'0'.repeat(14)}`)).toEqual({
      ok: false,
      message: 'Unit price allows at most 14 digits before the point',
    });
    expect(read(price, '123456789012345.1', 'zh')).toEqual({ ok: false, message: '单价的整数部分最多14位' });
  });

  it('takes the shorter of the authored length and the varchar length', () => {
    // The sidecar of a reference says 64 characters; the column holds 32.
    expect(fieldOf('material', 'unitCode').maxLength).toBe(32);
    expect(read(fieldOf('material', 'unitCode'), 'x'.repeat(33))).toMatchObject({ ok: false });
    expect(fieldOf('material', 'code').maxLength).toBe(64);
  });

  it('bounds integers by their column type, keeping a tighter authored range', () => {
    const unbounded = entities
      .flatMap((e) => e.fields)
      .find((f) => f.kind === 'integer' && f.max === undefined);
    expect(unbounded).toBeUndefined(); // every integer field has its column's range at least
    expect(fieldOf('material', 'shelfLife')).toMatchObject({ min: 0, max: 36500 });
    const version = fieldOf('material', 'version');
    expect(version).toMatchObject({ min: -2147483648, max: 2147483647 });
    expect(read(version, '2147483648')).toEqual({ ok: false, message: 'Version must be at most 2147483647' });
  });

  it('refuses the NUL character PostgreSQL cannot store, in text and choices', () => {
    expect(read(fieldOf('material', 'name'), 'a\u0000b')).toEqual({
      ok: false,
      message: 'Material name contains a character that is not allowed',
    });
    expect(read(fieldOf('material', 'type'), '\u0000')).toMatchObject({ ok: false });
  });

  it('knows a 64-bit id from 19 digits that are not one', () => {
    expect(isId('9223372036854775807')).toBe(true);
    expect(isId('9223372036854775808')).toBe(false);
    expect(isId('9999999999999999999')).toBe(false);
    expect(isId('-1')).toBe(false);
    expect(idSchema.safeParse('9223372036854775808').success).toBe(false);
    expect(idSchema.safeParse('42').success).toBe(true);
  });
});

describe('dates a route takes as parameters', () => {
  it('takes real calendar days, months and instants, and never a year PostgreSQL cannot hold', () => {
    expect(daySchema.safeParse('2026-02-28').success).toBe(true);
    for (const bad of ['0000-01-01', '2026-02-30', '2026-13-01', '26-01-01', '2026-1-1'])
      expect(daySchema.safeParse(bad).success, bad).toBe(false);
    expect(monthSchema.safeParse('2026-11').success).toBe(true);
    for (const bad of ['0000-01', '2026-13', '2026-00'])
      expect(monthSchema.safeParse(bad).success, bad).toBe(false);
    expect(instantSchema.safeParse('2026-11-28T08:00:00+08:00').success).toBe(true);
    expect(instantSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });
});
