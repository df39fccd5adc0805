// The `online` presence channel that every signed-in app joins (src/app/company-settings-sync.tsx)
// and whose counts the admin's health page shows (docs/admin.md). supabase-js keeps one channel
// per topic, so the page cannot join the topic a second time: the counts are published here.
export interface OnlineCounts {
  /** Open apps (one presence entry each). */
  connections: number;
  /** Distinct signed-in users among them. */
  users: number;
}

let counts: OnlineCounts | null = null;
const listeners = new Set<() => void>();

/** Called with the channel's presence state on every presence sync. */
export function publishOnlinePresence(state: Record<string, readonly unknown[]>) {
  counts = {
    connections: Object.values(state).reduce((n, metas) => n + metas.length, 0),
    users: Object.keys(state).length,
  };
  for (const l of listeners) l();
}

export function subscribeOnlinePresence(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onlinePresence(): OnlineCounts | null {
  return counts;
}
