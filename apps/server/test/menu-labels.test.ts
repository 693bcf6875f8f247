import { areas } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.ts';
import mo from '../../web/src/i18n/mo.ts';
import zh from '../../web/src/i18n/zh.ts';
import { modules } from '../src/modules/index.ts';
import { reportMenus } from '../src/modules/reports/menus.ts';

const messages = { zh, mo, en };
const catalogue = new Map<string, Record<keyof typeof messages, string>>([
  ...areas.map((area) => [area.code, area.label] as const),
  ...entities.map((entity) => [entity.name, entity.label] as const),
]);
const han = /\p{Script=Han}/u;

/**
 * The web app's menu labels (apps/web/src/i18n), checked beside the server's modules that declare
 * the menus (the web app's type check does not load the server). The menu codes the server
 * seeds (seed/catalogue-menus.ts): a group per area, an entry per entity that is not a detail
 * line, the entries the modules declare (`seed.menus`), and the stock reports' screens. Each
 * reads in every language through `menuLabel`: our `menu.<code>` translation, else the catalogue's label; never the
 * server's Chinese name.
 */
const codes = [
  ...areas.map((area) => area.code),
  ...entities.filter((entity) => !entity.parent).map((entity) => entity.name),
  ...modules.flatMap((module) => module.seed?.menus ?? []).map((entry) => entry.code),
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
