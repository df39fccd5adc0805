// The page's side of sync (docs/offline.md rule 6): replays the queue at start-up, on `online`, when
// the page becomes visible, on a timer while something is due, and when asked (a new write, the
// panel's Retry, the worker's REPLAY message). Tokens come from supabase-js at send time; a 401
// refreshes the session once. The worker gets the current session so Background Sync can replay
// without a page; it and the page share one lock.
import type { Session } from '@supabase/supabase-js';
import { env } from '@/lib/app-env';
import { getSupabase } from '@/lib/supabase-client';
import { listEntries, onSyncMessage, retryEntry } from './queue';
import { SYNC_TAG, type QueueEntry, type QueueError } from './queue-entry';
import { nextDue, replayQueue, type ReplayReport } from './replay';

/**
 * While entries wait, the page looks again when the next one is due (its back-off), never sooner
 * than this. Offline it does not look at all: the `online` event starts the replay.
 */
export const SYNC_TIMER_MIN_MS = 500;

interface Waiter {
  resolve(outcome: 'applied' | 'queued'): void;
  reject(error: QueueError): void;
}

/** Writes a form in this page is waiting on: a refusal goes back to the form instead of the queue. */
const waiters = new Map<string, Waiter>();

let started = false;
let running: Promise<ReplayReport> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;

function sessionOf(s: Session | null): { userId: string; accessToken: string } | null {
  return s ? { userId: s.user.id, accessToken: s.access_token } : null;
}

async function currentSession() {
  const supabase = await getSupabase();
  // getSession() refreshes an expired access token before answering.
  const { data } = await supabase.auth.getSession();
  return sessionOf(data.session);
}

async function refreshSession() {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.refreshSession();
  if (error) {
    // A refresh that could not reach the server says nothing about the refresh token.
    if (error.name === 'AuthRetryableFetchError' || (error.status ?? 0) >= 500) throw error;
    return null;
  }
  return sessionOf(data.session);
}

/** Counted on the admin's health page (docs/admin.md): best effort, never queued itself. */
function reportRefusedWrite(error: QueueError): void {
  const code = String(error.code ?? error.status ?? 'network')
    .replace(/[^A-Za-z0-9_.:-]/g, '')
    .slice(0, 40);
  void getSupabase()
    .then((supabase) => supabase.from('client_events').insert({ kind: 'write_refused', code }))
    .catch(() => undefined);
}

function onRejected(entry: QueueEntry, error: QueueError): boolean {
  reportRefusedWrite(error);
  const waiter = waiters.get(entry.mutationId);
  if (!waiter) return false;
  waiters.delete(entry.mutationId);
  waiter.reject(error);
  return true;
}

async function schedule(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (navigator.onLine === false) return;
  const session = await currentSession().catch(() => null);
  const due = await nextDue(session?.userId ?? null);
  if (due === null) return;
  timer = setTimeout(requestReplay, Math.max(SYNC_TIMER_MIN_MS, due - Date.now()));
}

/** Replays now (coalescing calls that arrive while a replay runs in this page). */
export function requestReplay(): Promise<ReplayReport | null> {
  if (running) {
    again = true;
    return running;
  }
  const run = replayQueue({
    session: currentSession,
    refresh: refreshSession,
    apiKey: env.supabasePublishableKey,
    supabaseUrl: env.supabaseUrl,
    onRejected,
  });
  running = run;
  return run
    .catch((e: unknown) => {
      console.warn('[sync] replay stopped', e);
      return null;
    })
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void requestReplay();
      } else void schedule();
    });
}

/**
 * Waits for a write just queued: 'applied' once the server took it, 'queued' when it stays in the
 * queue (offline, retrying, or taking longer than `waitMs`); a refusal rejects with its error.
 */
export function awaitWrite(mutationId: string, waitMs = 8_000): Promise<'applied' | 'queued'> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      waiters.delete(mutationId);
      resolve('queued');
    }, waitMs);
    waiters.set(mutationId, {
      resolve: (o) => {
        clearTimeout(t);
        waiters.delete(mutationId);
        resolve(o);
      },
      reject: (e) => {
        clearTimeout(t);
        waiters.delete(mutationId);
        reject(e);
      },
    });
  });
}

/** Stops waiting (the write stays queued). */
export function releaseWrite(mutationId: string): void {
  waiters.get(mutationId)?.resolve('queued');
}

async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sync = (
    reg as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(SYNC_TAG);
}

/** Hands the worker the session it needs to replay on a `sync` event while no page is open. */
function shareSession(session: Session | null): void {
  const controller = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  controller?.postMessage({
    type: 'SET_SESSION',
    session: session
      ? {
          userId: session.user.id,
          accessToken: session.access_token,
          expiresAt: (session.expires_at ?? 0) * 1000,
        }
      : null,
  });
}

/**
 * Entries that waited for a sign-in (needs-login) go back in line once their user has a session
 * again: 'sent the next time this account signs in here' (docs/offline.md rule 9).
 */
async function resumeFor(userId: string): Promise<void> {
  const waiting = (await listEntries()).filter(
    (e) => e.userId === userId && e.status === 'needs-login' && e.id !== undefined,
  );
  for (const e of waiting) await retryEntry(e.id!);
}

export type InvalidateHandler = (queryKeys: unknown[][]) => void;

/**
 * Starts the triggers once per page. `onSettled` hears every settled write, from any tab or the
 * worker, so reads refresh.
 */
export function startSyncEngine(invalidate: InvalidateHandler): void {
  if (started) return;
  started = true;
  onSyncMessage((m) => {
    if (m.type === 'settled') {
      const w = waiters.get(m.mutationId);
      if (w && m.outcome === 'applied') w.resolve('applied');
      else if (w && m.outcome === 'rejected' && m.error) {
        // Settled by another tab or the worker: the form still shows the refusal.
        w.reject(m.error);
      } else if (w) w.resolve('queued');
      if (m.invalidate?.length) invalidate(m.invalidate.map((k) => JSON.parse(k) as unknown[]));
    } else {
      void registerBackgroundSync().catch(() => undefined);
      void schedule();
    }
  });
  window.addEventListener('online', () => void requestReplay());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void requestReplay();
  });
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'REPLAY') void requestReplay();
  });
  void getSupabase().then((supabase) => {
    supabase.auth.onAuthStateChange((_event, session) => {
      shareSession(session);
      if (session) void resumeFor(session.user.id).then(() => requestReplay());
    });
    navigator.serviceWorker?.addEventListener('controllerchange', () => {
      void supabase.auth.getSession().then(({ data }) => shareSession(data.session));
    });
  });
  void requestReplay();
}
