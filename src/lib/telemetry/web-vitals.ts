// Web vitals (docs/areas.md, spec §9): kept in local storage under `web-vitals`, the last 50, and each
// also sent to error reporting when it is on. The admin health page reads them back.
import { afterLoad, nextTask } from '../idle';
import { reportMeasurement } from './reporting';

export const WEB_VITALS_KEY = 'web-vitals';
export const WEB_VITALS_MAX = 50;

export interface StoredVital {
  name: string;
  value: number;
  rating: string;
  id: string;
  path: string;
  timestamp: string;
}

export function appendVital(
  list: readonly StoredVital[],
  entry: StoredVital,
  max = WEB_VITALS_MAX,
): StoredVital[] {
  return [...list, entry].slice(-max);
}

export function readVitals(storage: Pick<Storage, 'getItem'>): StoredVital[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(WEB_VITALS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StoredVital[]) : [];
  } catch {
    return [];
  }
}

function store(entry: StoredVital) {
  try {
    const next = appendVital(readVitals(window.localStorage), entry);
    window.localStorage.setItem(WEB_VITALS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: vitals are best effort.
  }
}

/**
 * Loads web-vitals after the load event, so it never competes with the first screen; the metrics
 * before it (TTFB, FCP, LCP so far) are read from the browser's buffered entries.
 */
export async function startWebVitals(): Promise<void> {
  await afterLoad();
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const record = (m: { name: string; value: number; rating: string; id: string }) => {
    store({
      name: m.name,
      value: m.value,
      rating: m.rating,
      id: m.id,
      path: window.location.pathname,
      timestamp: new Date().toISOString(),
    });
    reportMeasurement(m.name, m.value, m.name === 'CLS' ? '' : 'millisecond');
  };
  // Each in a task of its own: together they were one of ~16 ms as the first screen loaded.
  for (const watch of [onCLS, onFCP, onINP, onLCP, onTTFB]) {
    await nextTask();
    watch(record);
  }
}
