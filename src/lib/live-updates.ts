// The one live-update hook (docs/adding-an-area.md): a screen names the tables whose changes
// (by anyone, as RLS lets this user see them) make what it shows stale, and the query keys to
// refresh; the realtime server sends postgres_changes per subscriber under the tables' policies.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from './supabase';

export interface LiveTable {
  table: string;
  /** A postgres_changes filter, e.g. `property_id=eq.<id>` (all rows when absent). */
  filter?: string;
}

/**
 * Each subscription's own topic: supabase.channel() hands back a channel of the same topic still
 * being removed (removeChannel is async), and adding to it after subscribe() throws, as when a
 * screen is left and opened again at once.
 */
let subscriptions = 0;

/** How long a refresh waits for the rest of a burst of changes (one transaction's rows). */
const COALESCE_MS = 150;

/**
 * Refreshes `keys` whenever a row of one of `tables` changes. `channel` names the subscription
 * (one per screen or per record: `property-cleans:<id>`).
 */
export function useLiveUpdates(channel: string, tables: readonly LiveTable[], keys: QueryKey[]) {
  const qc = useQueryClient();
  // The subscription depends on what is watched, not on the arrays' identity.
  const watched = JSON.stringify(tables);
  const refreshed = JSON.stringify(keys);
  useEffect(() => {
    const queryKeys = JSON.parse(refreshed) as QueryKey[];
    // One write can change many rows (a pick list's transfers: two movements and two stock rows
    // per line), each its own event: the refresh waits COALESCE_MS after the first, so a burst
    // reads each query again once, instead of cancelling and re-sending it per row.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        for (const queryKey of queryKeys) void qc.invalidateQueries({ queryKey });
      }, COALESCE_MS);
    };
    let ch = supabase.channel(`${channel}#${++subscriptions}`);
    for (const t of JSON.parse(watched) as LiveTable[]) {
      ch = ch.on(
        'postgres_changes',
        { event: '*', schema: 'public', table: t.table, ...(t.filter ? { filter: t.filter } : {}) },
        refresh,
      );
    }
    ch.subscribe();
    return () => {
      clearTimeout(pending);
      void supabase.removeChannel(ch);
    };
  }, [qc, channel, watched, refreshed]);
}
