import type { Language } from '@bl/contract';
import i18next from 'i18next';

/**
 * A tenant's wording of product texts (`language` rows, issue 33, ADR 0042) laid over the
 * product's own texts of one language: `crud.save` → "Keep". The product's words of every key
 * laid over are kept, so a change of tenant, of wording or a sign-out puts them back.
 */
const laid = new Map<Language, Map<string, string | undefined>>();

/** The product's text at a dotted key, or undefined when the key is none of ours (or a group). */
function productText(language: Language, key: string): string | undefined {
  const value = i18next.getResource(language, 'translation', key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Lays `texts` over `language`'s texts, after putting back what was laid before. Only keys that
 * name a product text are laid (a server message key has no web text); the screens show the new
 * words at once (i18n init binds re-rendering to added resources; React batches the renders of
 * one pass into one).
 */
export function layTenantTexts(language: Language, texts: Readonly<Record<string, string>>): void {
  restoreProductTexts(language);
  const originals = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(texts)) {
    const original = productText(language, key);
    if (original === undefined) continue;
    originals.set(key, original);
    i18next.addResource(language, 'translation', key, value);
  }
  laid.set(language, originals);
}

/** Puts the product's own words back in `language` (or every language). */
export function restoreProductTexts(language?: Language): void {
  for (const [lang, originals] of laid) {
    if (language && lang !== language) continue;
    for (const [key, value] of originals) i18next.addResource(lang, 'translation', key, value ?? '');
    laid.delete(lang);
  }
}
