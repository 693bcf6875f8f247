import type { Language } from '@bl/contract';
import { z } from 'zod';

const locales = { zh: z.locales.zhCN(), mo: z.locales.zhTW(), en: z.locales.en() } as const;

interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns schema-validation failures into one readable line in the person's language. */
export function describeValidation(items: ValidationItem[], language: Language, context?: string): string {
  return items
    .slice(0, 5)
    .map((item) => {
      const issue = { code: item.keyword, ...item.params } as unknown as Parameters<
        NonNullable<ReturnType<typeof z.locales.en>['localeError']>
      >[0];
      const localized = locales[language].localeError?.(issue);
      const text =
        typeof localized === 'string' ? localized : (localized?.message ?? item.message ?? item.keyword);
      const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const where = field || context?.replace(/^\//, '') || '';
      return where ? `${where}: ${text}` : text;
    })
    .join('; ');
}
