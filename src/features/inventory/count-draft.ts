// A count in progress outlives a reload, the app being closed or another place being chosen: what
// was counted is kept per user and place in this device's localStorage until it is saved
// (docs/inventory.md "Count mode"). Kept per user like the sync queue: signing out does not lose
// a count that was never saved.
import { useEffect, useState } from 'react';

export interface Counted {
  value: number;
  /** When it was counted on this device: the count is the truth as of that moment. */
  at: string;
}

/** Per place, per item. */
type Drafts = Record<string, Record<string, Counted>>;

const keyOf = (me: string) => `arivia-ops-count-draft:${me}`;

function read(me: string): Drafts {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(me)) ?? '{}');
    return kept && typeof kept === 'object' ? (kept as Drafts) : {};
  } catch {
    return {};
  }
}

/** The counts of one place (`locationId`), kept as they change; `clear` once they are saved. */
export function useCountDraft(me: string, locationId: string | undefined) {
  const [drafts, setDrafts] = useState<Drafts>(() => read(me));
  useEffect(() => {
    try {
      if (Object.keys(drafts).length) localStorage.setItem(keyOf(me), JSON.stringify(drafts));
      else localStorage.removeItem(keyOf(me));
    } catch {
      // Storage full or refused: the count stays on the screen.
    }
  }, [me, drafts]);

  const counts = (locationId && drafts[locationId]) || {};
  const set = (itemId: string, value: number | undefined) => {
    if (!locationId) return;
    setDrafts(({ [locationId]: place = {}, ...others }) => {
      const { [itemId]: _, ...rest } = place;
      const next =
        value === undefined ? rest : { ...rest, [itemId]: { value, at: new Date().toISOString() } };
      return Object.keys(next).length ? { ...others, [locationId]: next } : others;
    });
  };
  const clear = (place: string) => setDrafts(({ [place]: _, ...others }) => others);
  return { counts, set, clear };
}
