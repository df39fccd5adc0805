import { useCallback, useSyncExternalStore } from 'react';

/** Below 768 px the app is in its mobile layout (docs/areas.md, spec §9). */
export const MOBILE_BREAKPOINT = 768;

export function useIsMobile(mobileBreakpoint = MOBILE_BREAKPOINT): boolean {
  const query = `(max-width: ${mobileBreakpoint - 1}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
