import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { currentLanguage } from '../i18n/index.ts';
import { layTenantTexts, restoreProductTexts } from '../i18n/tenantTexts.ts';
import { useSession } from '../session.ts';

/** The query of the tenant's wording of texts; saving a `language` row asks it again. */
export const tenantTextsKey = ['tenantTexts'] as const;

/**
 * Lays the signed-in tenant's wording of product texts over the screens' texts, in the language
 * in use (issue 33, ADR 0042), and puts the product's words back when the shell is left (sign-out,
 * lock page). A failed read leaves the product's words: it is told like any other failure.
 */
export function useTenantTexts(): void {
  useTranslation(); // follows a change of language
  const language = currentLanguage();
  const session = useSession((s) => s.session);
  const tenantId = session?.tenantId;
  const texts = useQuery({
    queryKey: [...tenantTextsKey, tenantId, language],
    queryFn: () =>
      client.request<Record<string, string>>('GET', '/api/bl-develop/language/texts', {
        query: { lang: language },
        background: true,
      }),
    // Until a due password is changed the server opens nothing else.
    enabled: tenantId !== undefined && session?.passwordChangeDue !== true,
  });
  useEffect(() => {
    if (texts.data) layTenantTexts(language, texts.data);
  }, [texts.data, language]);
  useEffect(() => () => restoreProductTexts(), []);
}
