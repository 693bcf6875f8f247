import { feeCostTypes } from '@bl/entities/billing/cost-types';
import { describe, expect, it } from 'vitest';
import en from './en.ts';
import mo from './mo.ts';
import { isSeededName } from './seeded.ts';
import zh from './zh.ts';

describe('names the server seeds in Chinese (issue 29, 15)', () => {
  it('know every cost type the fee engine seeds, and read each in zh, mo and en', () => {
    for (const { name } of Object.values(feeCostTypes)) expect(isSeededName(name), name).toBe(true);
    for (const messages of [zh, mo, en])
      for (const value of Object.values(messages.seeded)) expect(value.trim()).not.toBe('');
    expect(en.seeded.costStorage).toBe('Storage fee');
    expect(mo.seeded.costStorage).toBe('倉儲費');
    expect(Object.values(en.seeded).join(' ')).not.toMatch(/\p{Script=Han}/u);
  });
  it('leave a name the tenant chose as it is', () => {
    expect(isSeededName('华东仓储费')).toBe(false);
  });
});
