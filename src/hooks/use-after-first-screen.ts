import { useEffect, useState } from 'react';
import { afterFirstScreen } from '@/lib/idle';

/** False until the page has loaded and the main thread is idle: for what the first screen does
 * not need (the toaster, the install and update cards). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return ready;
}
