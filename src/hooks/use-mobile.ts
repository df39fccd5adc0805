import { useCallback, useSyncExternalStore } from 'react';
// Below MOBILE_BREAKPOINT (768 px) the app is in its mobile layout (docs/areas.md, spec §9); src/boot.js
// and the kept screen use the same (src/lib/startup-contract.ts).
import { MOBILE_BREAKPOINT } from '@/lib/startup-contract';

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
