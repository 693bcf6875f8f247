import { queryClient } from '../api/query.ts';
import { tenantTextsKey } from '../shell/useTenantTexts.ts';

/**
 * What a saved, removed or imported record of `entityName` makes stale beyond its own lists and
 * pickers: a tenant's wording of a text (`language`) shows at once on every screen (issue 33).
 */
export function dependentsChanged(entityName: string): void {
  if (entityName === 'language') void queryClient.invalidateQueries({ queryKey: tenantTextsKey });
}
