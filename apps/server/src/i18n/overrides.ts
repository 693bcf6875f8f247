import { AsyncLocalStorage } from 'node:async_hooks';
import type { Language } from '@bl/contract';

/**
 * A tenant's own wording of product texts (spec 02 §3.3 `language`, issue 33): per request, the
 * texts of the caller's tenant, so every message the server builds for that request reads them
 * without each of its callers passing the tenant along. Outside a request (jobs, start-up) there
 * are none and the product's own words stand.
 */
export type TenantTexts = ReadonlyMap<string, string>;

interface TextScope {
  texts?: TenantTexts;
}

const scope = new AsyncLocalStorage<TextScope>();

/** The key of a text in `TenantTexts`: language and message key. */
export const textKey = (language: Language, key: string) => `${language}:${key}`;

/** Runs `next` (the rest of a request's handling) with a text scope of its own. */
export function runInTextScope(next: () => void): void {
  scope.run({}, next);
}

/** Sets the texts of the current request (once its tenant is known). */
export function useTenantTexts(texts: TenantTexts): void {
  const current = scope.getStore();
  if (current) current.texts = texts;
}

/** The tenant's wording of `key` in `language` for the current request, if it has one. */
export function tenantText(key: string, language: Language): string | undefined {
  return scope.getStore()?.texts?.get(textKey(language, key));
}
