import { describe, expect, it } from 'vitest';
import { parseLanguage } from './language.ts';

describe('parseLanguage', () => {
  it('defaults to Simplified Chinese', () => {
    expect(parseLanguage(undefined)).toBe('zh');
    expect(parseLanguage('')).toBe('zh');
    expect(parseLanguage('fr-FR')).toBe('zh');
    expect(parseLanguage('zh-CN,zh;q=0.9')).toBe('zh');
  });
  it('reads Traditional Chinese tags as mo', () => {
    for (const tag of ['mo', 'zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant-TW']) expect(parseLanguage(tag)).toBe('mo');
  });
  it('reads English tags as en', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('en-US,en;q=0.8')).toBe('en');
  });
});
