/** The three interface languages: Simplified Chinese (default), Traditional Chinese, English. */
export const languages = ['zh', 'mo', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh';

/** The header the client sends its language in (spec 01 §7); `Accept-Language` is read too. */
export const languageHeader = 'blade-language';

/**
 * Maps a language tag to one of ours. Traditional Chinese tags (zh-TW, zh-HK, zh-MO, zh-Hant)
 * read as `mo`; any English tag reads as `en`; everything else falls back to `zh`.
 */
export function parseLanguage(tag: string | undefined | null): Language {
  if (!tag) return defaultLanguage;
  const first = tag.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (first === 'mo' || /^zh-(tw|hk|mo|hant)/.test(first)) return 'mo';
  if (first === 'en' || first.startsWith('en-')) return 'en';
  return defaultLanguage;
}
