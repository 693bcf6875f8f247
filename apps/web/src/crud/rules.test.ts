import Schema from '@rc-component/async-validator';
import { describe, expect, it } from 'vitest';
import { field } from './fixtures.ts';
import { fieldRules, recordIssues, requiredMessage } from './rules.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rules: ReturnType<typeof fieldRules>) =>
  (rules.find((rule) => typeof rule === 'object' && 'validator' in rule) as { validator: Validator })
    .validator;

describe('requiredMessage (spec 02 §5)', () => {
  it('says "please input" for typed fields and "please select" for choices, per language', () => {
    const code = field('code', 'text', { label: { zh: '物料编码', mo: '物料編碼', en: 'Material code' } });
    const unit = field('unitCode', 'ref', { label: { zh: '基本单位', mo: '基本單位', en: 'Base unit' } });
    expect(requiredMessage(code, 'en')).toBe('please input Material code');
    expect(requiredMessage(code, 'zh')).toBe('请输入物料编码');
    expect(requiredMessage(unit, 'en')).toBe('please select Base unit');
    expect(requiredMessage(unit, 'mo')).toBe('請選擇基本單位');
  });
});

describe('fieldRules', () => {
  it('has a required rule only for required fields', () => {
    const required = fieldRules(field('code', 'text', { required: true }), 'en');
    expect(required.some((rule) => typeof rule === 'object' && 'required' in rule)).toBe(true);
    const optional = fieldRules(field('code', 'text'), 'en');
    expect(optional.some((rule) => typeof rule === 'object' && 'required' in rule)).toBe(false);
  });

  it("checks length, range and scale in the server's words", async () => {
    const code = validatorOf(fieldRules(field('code', 'text', { maxLength: 3 }), 'en'));
    await expect(code({}, 'ABCD')).rejects.toThrow('code en must be at most 3 characters');
    await expect(code({}, 'ABC')).resolves.toBeUndefined();

    const price = validatorOf(fieldRules(field('price', 'money', { scale: 2, min: 0 }), 'en'));
    await expect(price({}, '1.234')).rejects.toThrow('price en allows at most 2 decimals');
    await expect(price({}, '-1')).rejects.toThrow('price en must be at least 0');
    await expect(price({}, '1.23')).resolves.toBeUndefined();

    const days = validatorOf(fieldRules(field('days', 'integer', { max: 10 }), 'zh'));
    await expect(days({}, 11)).rejects.toThrow('days中不能大于10');
  });

  it('takes a required whole number, 0 included, through the validator antd runs', async () => {
    const rules = fieldRules(field('sort', 'integer', { required: true }), 'zh');
    const check = (value: unknown) =>
      new Schema({ sort: rules as never }).validate({ sort: value }).then(
        () => 'ok',
        (failure: { errors: { message: string }[] }) => failure.errors[0]?.message,
      );
    expect(await check(0)).toBe('ok');
    expect(await check(12)).toBe('ok');
    expect(await check(undefined)).toBe('请输入sort中');
  });

  it('lets empty values through (required says what is missing)', async () => {
    const price = validatorOf(fieldRules(field('price', 'decimal', { scale: 2 }), 'en'));
    await expect(price({}, undefined)).resolves.toBeUndefined();
  });
});

describe('recordIssues', () => {
  const fields = [
    field('code', 'text', { required: true, maxLength: 5 }),
    field('unitCode', 'ref', { required: true }),
    field('price', 'money', { scale: 2 }),
    field('createTime', 'datetime', { system: true, form: 'hidden' }),
  ];

  it('is empty for a record the server would take', () => {
    expect(recordIssues(fields, { code: 'M1', unitCode: 'KG', price: '1.50' }, 'en')).toEqual([]);
  });

  it('names each field with its problem', () => {
    expect(recordIssues(fields, { code: 'TOOLONG', unitCode: null, price: '1.555' }, 'en')).toEqual([
      { field: 'code', message: 'code en must be at most 5 characters' },
      { field: 'unitCode', message: 'please select unitCode en' },
      { field: 'price', message: 'price en allows at most 2 decimals' },
    ]);
  });
});
