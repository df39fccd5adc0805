// Replay of the sync queue (docs/offline.md rules 3 and 4), the same code in the page and in the
// service worker: under one Web Lock, oldest first, re-reading the queue inside the lock; an
// entry leaves the queue only after a 2xx; answers are classified into retry (network, 408, 425,
// 429, 5xx - exponential back-off with jitter, Retry-After honoured), refresh-once (401),
// needs-login (no usable session) and rejected (any other 4xx: kept, shown, skipped).
import { announce, discardEntry, getEntry, listEntries, putEntry, removeEntry } from './queue';
import { SYNC_LOCK, type QueueEntry, type QueueError } from './queue-entry';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/**
 * A request with no answer for this long is given up and retried like a lost connection: a
 * request the network swallowed (a black-holed connection) must not hold the sync lock, and with
 * it every tab's and the worker's replay, for good. The write is safe to send again (its
 * X-Mutation-Id: docs/offline.md rule 3).
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A larger body gets a second more per 64 KiB (a photo on a slow link). */
const BODY_BYTES_PER_SECOND = 64 * 1024;

/** The deadline of a request with this body. */
export function requestTimeoutMs(body: BodyInit | null | undefined, base = REQUEST_TIMEOUT_MS) {
  const bytes =
    typeof body === 'string'
      ? body.length
      : body instanceof Blob
        ? body.size
        : body instanceof ArrayBuffer || ArrayBuffer.isView(body)
          ? body.byteLength
          : 0;
  return base + Math.ceil(bytes / BODY_BYTES_PER_SECOND) * 1000;
}

/** `fetchImpl` with a deadline on every request (its answer's body included). */
export function withDeadline(fetchImpl: typeof fetch, base = REQUEST_TIMEOUT_MS): typeof fetch {
  return (input, init) =>
    fetchImpl(input, { ...init, signal: AbortSignal.timeout(requestTimeoutMs(init?.body, base)) });
}

/** After this many failed tries of one entry (5xx, network) it is shown as rejected to retry by hand. */
export const MAX_ATTEMPTS = 12;

export interface ReplayDeps {
  /** The signed-in user's id and a current access token, or null when nobody is signed in. */
  session(): Promise<{ userId: string; accessToken: string } | null>;
  /** After a 401: refresh the session once; null when the refresh token is no longer valid. */
  refresh(): Promise<{ userId: string; accessToken: string } | null>;
  apiKey: string;
  /** The backend's origin, for the sync_mutations check. */
  supabaseUrl: string;
  fetch?: typeof fetch;
  /** REQUEST_TIMEOUT_MS unless given (tests). */
  requestTimeoutMs?: number;
  now?: () => number;
  random?: () => number;
  /**
   * Called with a refused entry before it is marked rejected. Returning true means a caller in
   * this context took the refusal (a form shows it) and the entry is removed instead.
   */
  onRejected?(entry: QueueEntry, error: QueueError): boolean;
}

export interface ReplayReport {
  /** False when another context held the lock (it replays the same queue). */
  ran: boolean;
  applied: number;
  rejected: number;
  retrying: number;
  needsLogin: number;
}

export type Outcome =
  | { kind: 'applied' }
  | { kind: 'retry'; error: QueueError; retryAfterMs?: number }
  | { kind: 'unauthorized'; error: QueueError }
  | { kind: 'rejected'; error: QueueError };

/** Exponential back-off with full jitter: 1 s, 2 s, 4 s … capped at 5 min. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as seconds or an HTTP date, in ms from now. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const RETRY_STATUSES = new Set([408, 425, 429]);

/** Reads the error out of a PostgREST, Storage, GoTrue or gateway answer. */
export async function errorFromResponse(res: Response): Promise<QueueError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    // The body was cut off: the status says enough.
  }
  let code: string | undefined;
  let message: string;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const pick = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    code = pick('code') ?? pick('error_code') ?? pick('error');
    message = pick('message') ?? pick('msg') ?? pick('error_description') ?? pick('error') ?? '';
  } catch {
    message = text.slice(0, 200);
  }
  return {
    status: res.status,
    ...(code ? { code } : {}),
    message: message || `The server answered ${res.status} ${res.statusText}`.trim(),
  };
}

export function classify(status: number): 'applied' | 'retry' | 'unauthorized' | 'rejected' {
  if (status >= 200 && status < 300) return 'applied';
  if (status === 401) return 'unauthorized';
  if (RETRY_STATUSES.has(status) || status >= 500) return 'retry';
  return 'rejected';
}

function networkError(e: unknown): QueueError {
  const message = e instanceof Error ? e.message : String(e);
  return { message: `No connection to the server (${message})`, about: message };
}

// The stored English of the codes the page translates (./queue-error.ts): this module runs in the
// service worker too, which has no catalogue.
export const CONFLICT_MESSAGE =
  'Changed by someone else after you made this change. Open it again to see the current version.';
export const GONE_MESSAGE = 'The record no longer exists, or you may no longer change it.';

interface Sender {
  deps: ReplayDeps;
  fetch: typeof fetch;
}

function requestHeaders(s: Sender, entry: QueueEntry, accessToken: string): Headers {
  const h = new Headers(entry.headers);
  h.set('apikey', s.deps.apiKey);
  h.set('Authorization', `Bearer ${accessToken}`);
  h.set('X-Mutation-Id', entry.mutationId);
  return h;
}

/**
 * A write that had to change a row answered with none: it was applied before (its mutation id
 * is on the server as this user's: ids are unique per user, and admins read everyone's), or it
 * is a conflict (the row moved on from the version it was made from), or the row is gone or out
 * of reach.
 */
async function emptyAnswer(s: Sender, entry: QueueEntry, accessToken: string): Promise<Outcome> {
  const base = `${s.deps.supabaseUrl}/rest/v1`;
  const headers = { apikey: s.deps.apiKey, Authorization: `Bearer ${accessToken}` };
  let res: Response;
  try {
    res = await s.fetch(
      `${base}/sync_mutations?select=mutation_id&limit=1&mutation_id=eq.${entry.mutationId}&user_id=eq.${entry.userId}`,
      { headers },
    );
  } catch (e) {
    return { kind: 'retry', error: networkError(e) };
  }
  if (!res.ok) return { kind: 'retry', error: await errorFromResponse(res) };
  if (((await res.json()) as unknown[]).length > 0) return { kind: 'applied' };
  if (entry.baseVersion && entry.target.kind === 'table' && entry.target.rowId) {
    try {
      const row = await s.fetch(
        `${base}/${entry.target.name}?select=updated_at&id=eq.${entry.target.rowId}`,
        { headers },
      );
      if (row.ok && ((await row.json()) as unknown[]).length > 0) {
        return {
          kind: 'rejected',
          error: { status: 409, code: 'CONFLICT', message: CONFLICT_MESSAGE },
        };
      }
    } catch (e) {
      return { kind: 'retry', error: networkError(e) };
    }
  }
  // Deleting what is already gone leaves what the user wanted.
  if (entry.target.op === 'delete') return { kind: 'applied' };
  return { kind: 'rejected', error: { status: 404, code: 'GONE', message: GONE_MESSAGE } };
}

export async function send(s: Sender, entry: QueueEntry, accessToken: string): Promise<Outcome> {
  let res: Response;
  try {
    res = await s.fetch(entry.url, {
      method: entry.method,
      headers: requestHeaders(s, entry, accessToken),
      body: entry.body,
    });
  } catch (e) {
    return { kind: 'retry', error: networkError(e) };
  }
  const kind = classify(res.status);
  if (kind === 'applied') {
    if (!entry.expectRow) return { kind: 'applied' };
    let rows: unknown;
    try {
      rows = await res.json();
    } catch (e) {
      // The answer was cut off after the server applied (or not) the write: ask again.
      return { kind: 'retry', error: networkError(e) };
    }
    if (Array.isArray(rows) && rows.length === 0) return emptyAnswer(s, entry, accessToken);
    return { kind: 'applied' };
  }
  const error = await errorFromResponse(res);
  if (kind === 'retry') {
    const retryAfterMs = parseRetryAfter(res.headers.get('Retry-After'), Date.now());
    return { kind: 'retry', error, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  return { kind, error };
}

function settle(
  entry: QueueEntry,
  outcome: 'applied' | 'rejected' | 'needs-login',
  error?: QueueError,
) {
  announce({
    type: 'settled',
    mutationId: entry.mutationId,
    outcome,
    ...(error ? { error } : {}),
    ...(entry.invalidate ? { invalidate: entry.invalidate } : {}),
  });
}

/**
 * Sends what is due, oldest first, under the sync lock. Returns at once (ran: false) when another
 * context holds the lock: that one is already replaying and re-reads the queue as it goes.
 */
export async function replayQueue(deps: ReplayDeps): Promise<ReplayReport> {
  const report: ReplayReport = { ran: false, applied: 0, rejected: 0, retrying: 0, needsLogin: 0 };
  const s: Sender = {
    deps,
    fetch: withDeadline(deps.fetch ?? ((...a) => fetch(...a)), deps.requestTimeoutMs),
  };
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;

  const run = async () => {
    report.ran = true;
    // With no network at all every send fails: leave the queue as it is rather than spend its
    // attempts (after MAX_ATTEMPTS an entry is marked rejected, so a morning offline would turn
    // every write into a refused one). The 'online' event replays.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    let session = await deps.session();
    const done = new Set<number>();
    for (;;) {
      // Re-read inside the lock: another tab may have added, retried or discarded entries.
      const entries = await listEntries();
      const next = entries.find(
        (e) =>
          e.id !== undefined &&
          !done.has(e.id) &&
          e.status === 'pending' &&
          (session === null || e.userId === session.userId),
      );
      if (!next || next.id === undefined) return;
      // Strict order: a later change never overtakes an earlier one still waiting.
      if (next.nextAttemptAt > now()) return;
      const id = next.id;
      if (!session) {
        await putEntry({ ...next, status: 'needs-login' });
        report.needsLogin++;
        settle(next, 'needs-login');
        done.add(id);
        continue;
      }
      // The entry as it is now (a tab may have discarded it a moment ago).
      const entry = await getEntry(id);
      if (!entry || entry.status !== 'pending') {
        done.add(id);
        continue;
      }
      const blocker = entry.after
        ? entries.find((e) => e.mutationId === entry.after && e.status === 'rejected')
        : undefined;
      if (blocker) {
        const error = {
          code: 'DEPENDENCY',
          message: `Waits on a refused change: ${blocker.label}`,
          about: blocker.label,
        };
        await putEntry({ ...entry, status: 'rejected', lastError: error });
        report.rejected++;
        settle(entry, 'rejected', error);
        done.add(id);
        continue;
      }
      let outcome = await send(s, entry, session.accessToken);
      if (outcome.kind === 'unauthorized') {
        // Expired token: refresh once and send again without counting an attempt.
        session = await deps.refresh();
        if (!session) {
          await putEntry({ ...entry, status: 'needs-login', lastError: outcome.error });
          report.needsLogin++;
          settle(entry, 'needs-login', outcome.error);
          return;
        }
        outcome = await send(s, entry, session.accessToken);
        if (outcome.kind === 'unauthorized') outcome = { kind: 'rejected', error: outcome.error };
      }
      if (outcome.kind === 'applied') {
        await removeEntry(id);
        report.applied++;
        settle(entry, 'applied');
      } else if (outcome.kind === 'rejected') {
        if (deps.onRejected?.(entry, outcome.error)) await discardEntry(id);
        else await putEntry({ ...entry, status: 'rejected', lastError: outcome.error });
        report.rejected++;
        settle(entry, 'rejected', outcome.error);
      } else {
        const attempts = entry.attempts + 1;
        if (attempts >= MAX_ATTEMPTS) {
          await putEntry({ ...entry, attempts, status: 'rejected', lastError: outcome.error });
          report.rejected++;
          settle(entry, 'rejected', outcome.error);
        } else {
          const delay = Math.max(backoffDelay(attempts, random), outcome.retryAfterMs ?? 0);
          await putEntry({
            ...entry,
            attempts,
            nextAttemptAt: now() + delay,
            lastError: outcome.error,
          });
          report.retrying++;
          return;
        }
      }
      done.add(id);
    }
  };

  if (typeof navigator === 'undefined' || !('locks' in navigator)) {
    await run();
    return report;
  }
  await navigator.locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await run();
  });
  return report;
}

/** When the next entry is due (ms since epoch), or null when nothing waits to be sent. */
export async function nextDue(userId: string | null): Promise<number | null> {
  const due = (await listEntries())
    .filter((e) => e.status === 'pending' && (userId === null || e.userId === userId))
    .map((e) => e.nextAttemptAt);
  return due.length ? Math.min(...due) : null;
}
