import { ApiError, flattenButtonCodes, RequestError, ResultCode } from '@bl/contract';
import type { Catalogue } from '@bl/entities';
import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import type { Label } from '../i18n/index.ts';
import i18next from '../i18n/index.ts';
import { clearSession, useSession } from '../session.ts';
import { toastError } from '../shell/feedback.ts';
import { useLock } from '../shell/lock.ts';
import { useTabs } from '../shell/tabs.ts';
import { useTopMenu } from '../shell/topMenu.ts';
import { requestTimeoutMs } from '../utils/tokens.ts';
import { client, onCallFailed } from './client.ts';

let goToLogin: () => void = () => window.location.assign('/login');

/** The router registers how to reach /login without a page reload. */
export function setLoginNavigator(navigate: () => void): void {
  goToLogin = navigate;
}

/**
 * Forgets the session and everything that belonged to it (spec 01 §4): tokens and their cookies,
 * menus, roles and every other fetched answer, the tabs and the screen lock.
 */
export function forgetSession(): void {
  clearSession();
  queryClient.clear();
  useTabs.getState().reset();
  useTopMenu.getState().reset();
  useLock.getState().clear();
}

/** Of this many 401 answers in a row, only the first shows its toast (spec 01 §8). */
export const unauthorizedToastCycle = 5;
let unauthorizedCount = 0;

/** A new session starts a new cycle: its first 401 is always told. */
export function resetUnauthorizedCount(): void {
  unauthorizedCount = 0;
}

/** Failures already told: a failure seen by the client and again by a query or a screen toasts once. */
const reported = new WeakSet<object>();

/** The words of a failure in the user's language. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof RequestError && error.reason === 'timeout') {
    return i18next.t('common.timeout', { seconds: (error.waitedMs ?? requestTimeoutMs) / 1000 });
  }
  return i18next.t('common.networkError');
}

/**
 * What every failed call ends in (spec 01 §8): a 401 signs the visitor out and sends them to
 * /login, its toast shown once per cycle of five; a white-listed code rejects silently; any
 * other failure shows its message for 5 seconds.
 */
export function reportError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (error instanceof ApiError && error.code === ResultCode.unauthorized) {
    // Calls in flight when the session ended all answer 401: one toast is enough.
    if (unauthorizedCount === 0) toastError(error.message, 'unauthorized');
    unauthorizedCount = (unauthorizedCount + 1) % unauthorizedToastCycle;
    endSession();
    return;
  }
  if (error instanceof ApiError && error.quiet) return;
  const text = failureMessage(error);
  // The same words twice (a retried call) replace each other instead of piling up.
  toastError(text, text);
}

/** Ends the session and goes to /login. */
function endSession(): void {
  forgetSession();
  goToLogin();
}

// The client tells every failure, except those its caller tells itself; a quiet call that carried
// the session and heard it is over (sign-out itself) still ends it, without a word.
onCallFailed((error, request) => {
  if (!request.quiet) {
    reportError(error);
  } else if (error instanceof ApiError && error.code === ResultCode.unauthorized && !request.anonymous) {
    reported.add(error);
    endSession();
  }
});

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
      // Business errors are answers, not hiccups: retry only a lost connection. A call that
      // timed out has already kept the user waiting 6 s; it is not tried again behind their back.
      retry: (failures, error) => error instanceof RequestError && error.reason !== 'timeout' && failures < 2,
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
  queryFn: () => client.request<Catalogue>('GET', '/api/bl-system/catalogue', { quiet: true }),
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
