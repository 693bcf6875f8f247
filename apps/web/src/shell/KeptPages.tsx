import { createContext, type ReactNode, useContext, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { useTabs } from './tabs.ts';

/** False inside a page kept alive behind another tab: its drawers and title stay out of sight. */
export const PageActive = createContext(true);

/** Whether the page this is rendered in is the one shown. */
export const usePageActive = (): boolean => useContext(PageActive);

/** The class that hides a hidden page's drawers and dialogs (they are portalled to the body). */
export const useHiddenClass = (): string | undefined => (usePageActive() ? undefined : 'bl-page-hidden');

interface Kept {
  element: ReactNode;
  location: Location;
}

/**
 * The shell's outlet with keep-alive (spec 01 §2): every page open in a tab stays mounted while
 * another tab is shown, each under the location it was last shown at, so switching tabs keeps
 * its search, paging, open drawer and scroll. A page whose tab is closed is dropped.
 */
export function KeptPages() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = useTabs((s) => s.tabs);
  const kept = useRef(new Map<string, Kept>());
  kept.current.set(location.pathname, { element: outlet, location });
  for (const path of [...kept.current.keys()])
    if (path !== location.pathname && !tabs.some((tab) => tab.value === path)) kept.current.delete(path);
  return (
    <>
      {[...kept.current].map(([path, page]) => {
        const active = path === location.pathname;
        return (
          <div key={path} className="bl-kept-page" hidden={!active} data-kept-path={path}>
            <PageActive.Provider value={active}>
              <UNSAFE_LocationContext.Provider value={{ location: page.location, navigationType }}>
                {page.element}
              </UNSAFE_LocationContext.Provider>
            </PageActive.Provider>
          </div>
        );
      })}
    </>
  );
}
