import { ApiError, ResultCode } from '@bl/contract';
import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import type { Label } from '../i18n/index.ts';
import i18next from '../i18n/index.ts';
import { clearSession, useSession } from '../session.ts';
import { toastError } from '../shell/feedback.ts';
import { client } from './client.ts';

let goToLogin: () => void = () => window.location.assign('/login');

/** The router registers how to reach /login without a page reload. */
export function setLoginNavigator(navigate: () => void): void {
  goToLogin = navigate;
}

/** Forgets the session and everything fetched with it. */
export function forgetSession(): void {
  clearSession();
  queryClient.clear();
}

/**
 * What every failed call ends in (spec 01 §8): a 401 signs the visitor out and sends them to
 * /login; any other failure shows the server's message for 5 seconds.
 */
export function reportError(error: unknown): void {
  if (error instanceof ApiError && error.code === ResultCode.unauthorized) {
    forgetSession();
    toastError(error.message, 'unauthorized');
    goToLogin();
    return;
  }
  toastError(error instanceof ApiError ? error.message : i18next.t('common.networkError'));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // Optional data (meta.quiet) fails silently, unless the failure is a lost session.
      const lostSession = error instanceof ApiError && error.code === ResultCode.unauthorized;
      if (query.meta?.quiet !== true || lostSession) reportError(error);
    },
  }),
  mutationCache: new MutationCache({ onError: reportError }),
  defaultOptions: {
    queries: {
      // Business errors are answers, not hiccups: retry only network failures.
      retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
      refetchOnWindowFocus: false,
      staleTime: 5 * 60_000,
    },
  },
});

export function useUserInfo() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({ queryKey: ['userInfo'], queryFn: () => client.userInfo(), enabled: signedIn });
}

export function useMenuRoutes() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({ queryKey: ['menuRoutes'], queryFn: () => client.menuRoutes(), enabled: signedIn });
}

/** The part of `GET /api/bl-system/catalogue` the shell reads: labels of entities and areas. */
interface CatalogueLabels {
  entities: { name: string; label: Label }[];
  areas: { code: string; label: Label }[];
}

/** Labels in every language for the menu codes of catalogue entities and areas. */
export function useCatalogueLabels() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({
    queryKey: ['catalogueLabels'],
    queryFn: async () => {
      const catalogue = await client.request<CatalogueLabels>('GET', '/api/bl-system/catalogue');
      const labels = new Map<string, Label>();
      for (const area of catalogue.areas ?? []) labels.set(area.code, area.label);
      for (const entity of catalogue.entities ?? []) labels.set(entity.name, entity.label);
      return labels as ReadonlyMap<string, Label>;
    },
    enabled: signedIn,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quiet: true },
  });
}
