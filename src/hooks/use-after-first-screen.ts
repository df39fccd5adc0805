import { useEffect, useState } from 'react';
import { afterFirstScreenDrawn } from '@/lib/idle';

/** False until the first screen is drawn with its data (lib/idle.ts afterFirstScreenDrawn): for
 * what the first screen does not need (the service worker's registration, the install and update
 * cards). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstScreenDrawn().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return ready;
}
