import { languages } from '@bl/contract';
import { describe, expect, it } from 'vitest';
import { messages, translate } from './messages.ts';

describe('server messages', () => {
  it('has every message in every language, with the same placeholders', () => {
    for (const [key, byLanguage] of Object.entries(messages)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const language of languages) {
        expect(byLanguage[language], `${key}.${language}`).toBeTruthy();
        expect(placeholders(byLanguage[language]), `${key}.${language}`).toEqual(placeholders(byLanguage.zh));
      }
    }
  });
  it('fills placeholders', () => {
    expect(translate('auth.locked', 'en', { minutes: 15 })).toContain('15 minutes');
  });
});
