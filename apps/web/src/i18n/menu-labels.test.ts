import { areas } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { describe, expect, it } from 'vitest';
import { reportMenus } from '../../../server/src/modules/reports/menus.ts';
import { seedMenus } from '../../../server/src/seed/menus.ts';
import en from './en.ts';
import mo from './mo.ts';
import zh from './zh.ts';

const messages = { zh, mo, en };
const catalogue = new Map<string, Record<keyof typeof messages, string>>([
  ...areas.map((area) => [area.code, area.label] as const),
  ...entities.map((entity) => [entity.name, entity.label] as const),
]);
const han = /\p{Script=Han}/u;

/**
 * The menu codes the server seeds (catalogue-menus.ts): a group per area, an entry per entity
 * that is not a detail line, the entries of `seedMenus`, and the stock reports' screens. Each reads in every language
 * through `menuLabel`: our `menu.<code>` translation, else the catalogue's label; never the
 * server's Chinese name.
 */
const codes = [
  ...areas.map((area) => area.code),
  ...entities.filter((entity) => !entity.parent).map((entity) => entity.name),
  ...seedMenus.map((entry) => entry.code),
  ...reportMenus.map((entry) => entry.code),
];

describe('menu labels', () => {
  it('name every seeded menu entry in zh, mo and en', () => {
    expect(codes.length).toBeGreaterThan(120);
    for (const code of codes) {
      for (const language of ['zh', 'mo', 'en'] as const) {
        const translated = (messages[language].menu as Record<string, string>)[code];
        const label = translated ?? catalogue.get(code)?.[language];
        expect(label?.trim(), `${code} in ${language}`).toBeTruthy();
        if (language === 'en') expect(label, code).not.toMatch(han);
      }
    }
  });

  it('translate only codes the server seeds', () => {
    const seeded = new Set(codes);
    for (const language of ['zh', 'mo', 'en'] as const)
      expect(Object.keys(messages[language].menu).filter((code) => !seeded.has(code))).toEqual([]);
  });
});
