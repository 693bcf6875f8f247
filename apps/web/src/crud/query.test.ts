import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { field } from './fixtures.ts';
import { exportQuery, filterParams, listQuery, presetRange, searchParams, sortParams } from './query.ts';

const fields = [
  field('code', 'text', { search: 'match' }),
  field('type', 'dict', { search: 'equal', dict: 'materialType' }),
  field('batchFlag', 'flag', { search: 'equal', dict: 'yesNo' }),
  field('unitCode', 'ref', { search: 'equal' }),
  field('startDate', 'date', { search: 'range' }),
  field('createTime', 'datetime', { search: 'range', system: true }),
  field('remark', 'textarea', { search: 'none' }),
];

describe('searchParams', () => {
  it('puts each search mode under its SpringBlade suffix', () => {
    expect(
      searchParams(fields, {
        code: ' M01 ',
        type: '2',
        batchFlag: '0',
        unitCode: 'KG',
        startDate: ['2026-01-01', '2026-01-31'],
        createTime: ['2026-11-16', '2026-11-22'],
      }),
    ).toEqual({
      code: 'M01',
      type_equal: '2',
      batchFlag_equal: '0',
      unitCode_equal: 'KG',
      startDate_dategt: '2026-01-01',
      startDate_datelt: '2026-01-31',
      createTime_dategt: '2026-11-16',
      createTime_datelt: '2026-11-22',
    });
  });

  it('leaves out blank values, unsearchable fields and names it does not know', () => {
    expect(
      searchParams(fields, {
        code: '  ',
        type: undefined,
        batchFlag: null,
        startDate: undefined,
        remark: 'x',
        _timestamp: 123,
        other: 'y',
      }),
    ).toEqual({});
  });

  it('keeps a flag value of "0" (not blank)', () => {
    expect(searchParams(fields, { batchFlag: '0' })).toEqual({ batchFlag_equal: '0' });
  });

  it('sends the one end of a half-open range', () => {
    expect(searchParams(fields, { startDate: ['2026-01-01', ''] })).toEqual({
      startDate_dategt: '2026-01-01',
    });
  });
});

describe('sortParams and listQuery', () => {
  it('sorts ascending with ascs and descending with descs, or not at all', () => {
    expect(sortParams({ field: 'code', order: 'ascend' })).toEqual({ ascs: 'code' });
    expect(sortParams({ field: 'code', order: 'descend' })).toEqual({ descs: 'code' });
    expect(sortParams(undefined)).toEqual({});
  });

  it('builds the whole list query', () => {
    expect(
      listQuery({
        fields,
        values: { code: 'M', type: '1' },
        paging: { current: 2, size: 20 },
        sort: { field: 'code', order: 'descend' },
      }),
    ).toEqual({ current: 2, size: 20, descs: 'code', code: 'M', type_equal: '1' });
  });

  it('exports with the same filters and sort but no paging', () => {
    expect(exportQuery({ fields, values: { code: 'M' }, sort: { field: 'code', order: 'ascend' } })).toEqual({
      ascs: 'code',
      code: 'M',
    });
  });
});

describe('filterParams', () => {
  it("puts a spec route's fixed filter as exact matches", () => {
    expect(filterParams({ billType: '1' })).toEqual({ billType_equal: '1' });
    expect(filterParams(undefined)).toEqual({});
  });
});

describe('date presets', () => {
  const today = dayjs('2026-03-01T15:30:00');

  it('today and yesterday are one day each', () => {
    expect(presetRange('today', today)).toEqual(['2026-03-01', '2026-03-01']);
    expect(presetRange('yesterday', today)).toEqual(['2026-02-28', '2026-02-28']);
  });

  it('last 7 days are today and the six days before it', () => {
    expect(presetRange('last7Days', today)).toEqual(['2026-02-23', '2026-03-01']);
  });

  it('all is no range, so the filter is left out', () => {
    expect(presetRange('all', today)).toBeUndefined();
    const range = presetRange('all', today);
    expect(searchParams(fields, { startDate: range })).toEqual({});
  });

  it('a preset range becomes the _dategt/_datelt pair', () => {
    expect(searchParams(fields, { createTime: presetRange('last7Days', today) })).toEqual({
      createTime_dategt: '2026-02-23',
      createTime_datelt: '2026-03-01',
    });
  });
});
