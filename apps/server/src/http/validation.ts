import type { Language } from '@bl/contract';
import { hasNul } from '@bl/entities';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from './errors.ts';

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

/**
 * The path of the first text in a parsed query, body or params that holds a NUL character
 * (`details.0.remark`), or undefined. PostgreSQL refuses NUL in text, so a request carrying
 * one could only end in a database error. Iterative, so deep JSON cannot overflow the stack.
 */
export function findNul(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, where] = item;
    if (typeof current === 'string') {
      if (hasNul(current)) return where;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const path = where ? `${where}.${key}` : key;
        if (hasNul(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return undefined;
}

/**
 * The one text check of the whole server: every route, generic or bespoke, refuses a NUL
 * character anywhere in its query, params or body with a 400 naming the parameter, before any
 * handler (or SQL) sees it. Multipart bodies are read by their handlers and checked there.
 */
export function registerTextCheck(app: FastifyInstance) {
  // A callback hook: no promise per request for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    const where = findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    done(where === undefined ? undefined : badRequest('error.badCharacter', { field: where || '-' }));
  });
}
