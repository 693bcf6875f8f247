import { defaultLanguage, type Language, languages } from '@bl/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readText, writeText } from '../storage.ts';
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

/**
 * Each language in its own name, for the language switch. Kept here because the texts of a
 * language that is not in use are not loaded (below); the same words as `language.self` of
 * each language's texts.
 */
export const nativeNames: Record<Language, string> = { zh: '简体中文', mo: '繁體中文', en: 'English' };

/**
 * Only the default language (also the fallback) is in the first download; the others are
 * fetched when chosen, so /login carries one set of texts, not three (ADR 0017).
 */
const otherLanguages: Record<Exclude<Language, 'zh'>, () => Promise<{ default: Messages }>> = {
  mo: () => import('./mo.ts'),
  en: () => import('./en.ts'),
};

/** Makes sure the texts of `language` are loaded. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'zh' || i18next.hasResourceBundle(language, 'translation')) return;
  const { default: messages } = await otherLanguages[language]();
  i18next.addResourceBundle(language, 'translation', messages);
}

/** Switches the interface language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  writeText(languageKey, language);
  await loadLanguage(language);
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
  resources: { zh: { translation: zh } },
  // The stored language's texts arrive before the first render (`languageReady`).
  partialBundledLanguages: true,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // Screens re-render when texts are added: a language loaded, or a tenant's wording laid over
  // the product's (tenantTexts.ts).
  react: { bindI18nStore: 'added' },
});

/** Settles once the stored language's texts are in: main.tsx renders after it. */
export const languageReady: Promise<void> = loadLanguage(initial)
  .then(() => i18next.changeLanguage(initial))
  .then(
    () => applyToDocument(initial),
    // Texts that did not arrive leave the default language on screen rather than nothing.
    () => applyToDocument(currentLanguage()),
  );

export default i18next;
