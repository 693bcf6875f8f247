import { ApiError, flattenButtonCodes, ResultCode } from '@bl/contract';
import type { Catalogue } from '@bl/entities';
import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import type { Label } from '../i18n/index.ts';
import i18next from '../i18n/index.ts';
import { clearSession, getSession, useSession } from '../session.ts';
import { toastError } from '../shell/feedback.ts';
import { useLock } from '../shell/lock.ts';
import { useTabs } from '../shell/tabs.ts';
import { useTopMenu } from '../shell/topMenu.ts';
import { client } from './client.ts';

let goToLogin: () => void = () => window.location.assign('/login');

/** The router registers how to reach /login without a page reload. */
export function setLoginNavigator(navigate: () => void): void {
  goToLogin = navigate;
}

/**
 * Forgets the session and everything that belonged to it (spec 01 §4): tokens, menus, roles and
 * every other fetched answer, the tabs and the screen lock.
 */
export function forgetSession(): void {
  clearSession();
  queryClient.clear();
  useTabs.getState().reset();
  useTopMenu.getState().reset();
  useLock.getState().clear();
}

/**
 * What every failed call ends in (spec 01 §8): a 401 signs the visitor out and sends them to
 * /login; any other failure shows the server's message for 5 seconds.
 */
export function reportError(error: unknown): void {
  if (error instanceof ApiError && error.code === ResultCode.unauthorized) {
    // Calls in flight when the session ended all answer 401: only the first one says so.
    const hadSession = getSession() !== null;
    forgetSession();
    if (hadSession) toastError(error.message, 'unauthorized');
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

/** The caller's top menus (`GET /api/bl-system/topmenu/listByParams?filter=1`). */
export function useTopMenus() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({ queryKey: ['topMenus'], queryFn: () => client.topMenus(), enabled: signedIn });
}

/** The side menu one top menu shows (`GET /api/bl-system/menu/routes?topMenuId=`). */
export const topMenuRoutesQuery = (topMenuId: string) => ({
  queryKey: ['menuRoutes', topMenuId],
  queryFn: () => client.menuRoutes({ topMenuId }),
});

export function useTopMenuRoutes(topMenuId: string | undefined) {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({ ...topMenuRoutesQuery(topMenuId ?? ''), enabled: signedIn && Boolean(topMenuId) });
}

/** Labels in every language for the menu codes of catalogue entities and areas. */
function catalogueLabels(catalogue: Catalogue): ReadonlyMap<string, Label> {
  const labels = new Map<string, Label>();
  for (const area of catalogue.areas ?? []) labels.set(area.code, area.label);
  for (const entity of catalogue.entities ?? []) labels.set(entity.name, entity.label);
  return labels;
}

const catalogueQuery = {
  queryKey: ['catalogue'],
  queryFn: () => client.request<Catalogue>('GET', '/api/bl-system/catalogue'),
  // The catalogue only changes when the server is redeployed.
  staleTime: Number.POSITIVE_INFINITY,
  meta: { quiet: true },
} as const;

/**
 * `GET /api/bl-system/catalogue`, fetched once per session: entities with their fields,
 * dictionaries and menu areas. Every reader shares this one query.
 */
export function useCatalogue() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({ ...catalogueQuery, enabled: signedIn });
}

/** The catalogue's labels of entity and area menu codes (the shell's menu and titles). */
export function useCatalogueLabels() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({ ...catalogueQuery, enabled: signedIn, select: catalogueLabels });
}

/** The signed-in user's button codes (`GET /api/bl-system/menu/buttons`), flattened. */
export function useButtonCodes() {
  const signedIn = useSession((s) => s.session !== null);
  return useQuery({
    queryKey: ['menuButtons'],
    queryFn: () => client.menuButtons(),
    enabled: signedIn,
    select: flattenButtonCodes,
  });
}
