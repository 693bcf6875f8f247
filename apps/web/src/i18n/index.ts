import { defaultLanguage, type Language, languages } from '@bl/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readText, writeText } from '../storage.ts';
import en from './en.ts';
import mo from './mo.ts';
import zh, { type Messages } from './zh.ts';

export type { Messages };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** The `lang` attribute of the page per language, so the browser picks matching CJK glyphs. */
export const htmlLang: Record<Language, string> = { zh: 'zh-CN', mo: 'zh-TW', en: 'en' };

const languageKey = 'language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language kept in `saber-language` (a bare code; a JSON string is read too). */
export function storedLanguage(): Language {
  const raw = readText(languageKey)?.replace(/"/g, '').trim();
  return isLanguage(raw) ? raw : defaultLanguage;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : defaultLanguage;
}

function applyToDocument(language: Language) {
  document.documentElement.lang = htmlLang[language];
}

/** Switches the interface language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  writeText(languageKey, language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
}

/** A text in each interface language, as the server's catalogue labels entities and areas. */
export type Label = Record<Language, string>;

/**
 * A menu item's label: our translation of `menu.<code>` when we have one, else the catalogue's
 * label for that code (entity and area menus), else the server's (Chinese) name.
 */
export function menuLabel(
  item: { code: string; name: string },
  catalogue?: ReadonlyMap<string, Label>,
): string {
  const key = `menu.${item.code}`;
  if (i18next.exists(key)) return i18next.t(key as 'menu.menu');
  return catalogue?.get(item.code)?.[currentLanguage()] || item.name;
}

const initial = storedLanguage();
void i18next.use(initReactI18next).init({
  resources: { zh: { translation: zh }, mo: { translation: mo }, en: { translation: en } },
  lng: initial,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyToDocument(initial);

export default i18next;
