import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { layTenantTexts, restoreProductTexts } from './tenantTexts.ts';
import zh from './zh.ts';

describe("a tenant's wording laid over the product's texts (issue 33)", () => {
  beforeAll(async () => {
    await i18next.init({
      resources: { zh: { translation: structuredClone(zh) } },
      lng: 'zh',
      initAsync: false,
    });
  });

  it('replaces the texts it names, leaves the rest and keys of no web text, and puts them back', () => {
    layTenantTexts('zh', { 'crud.save': '存好', ok: '办好了', 'crud.nothing': 'x', crud: 'group' });
    expect(i18next.t('crud.save')).toBe('存好');
    expect(i18next.t('crud.close')).toBe(zh.crud.close);
    expect(i18next.exists('ok')).toBe(false);
    expect(i18next.exists('crud.nothing')).toBe(false);
    expect(typeof i18next.getResource('zh', 'translation', 'crud')).toBe('object');

    // A new wording replaces the old one whole: what it no longer names reads as the product's.
    layTenantTexts('zh', { 'crud.close': '关掉' });
    expect(i18next.t('crud.save')).toBe(zh.crud.save);
    expect(i18next.t('crud.close')).toBe('关掉');

    restoreProductTexts();
    expect(i18next.t('crud.close')).toBe(zh.crud.close);
  });
});
