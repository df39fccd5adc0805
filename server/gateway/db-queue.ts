// The bounded queue in front of the database (config.dbQueue; DB_QUEUE_CONCURRENCY,
// DB_QUEUE_LIMIT, DB_QUEUE_TIMEOUT_MS). PGlite is one connection and a PostgreSQL pool has a
// few: past them, requests used to wait without end and clients timed out. Now at most
// `concurrency` run at once, at most `limit` wait, and none waits longer than `timeoutMs`; the
// others are refused at once with SQLSTATE 53300 (too_many_connections), which the APIs answer as
// 503 with Retry-After, the signal the app's sync engine backs off on. See
// docs/server-hardening.md.
import type { Database, PgError, Queryable, QueryResult } from '../db/types.ts';

export interface DbQueueOptions {
  concurrency: number;
  limit: number;
  timeoutMs: number;
}

export interface QueueStats {
  running: number;
  waiting: number;
  refused: number;
}

function busy(why: 'full' | 'timeout', opts: DbQueueOptions, retryAfter = 1): PgError {
  const e: PgError & { retryAfter?: number } = new Error(
    why === 'full'
      ? 'The server is busy: too many requests are waiting for the database'
      : `The server is busy: the request waited ${opts.timeoutMs} ms for the database`,
  );
  e.code = '53300';
  e.hint = 'Retry after the number of seconds in the Retry-After header.';
  e.retryAfter = retryAfter;
  return e;
}

/** The refusal a request gets before any work is done for it (see `shed`). */
export function busyError(opts: DbQueueOptions, retryAfter: number): PgError {
  return busy('full', opts, retryAfter);
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** A Database whose transactions and queries pass the bounded queue; LISTEN does not. */
export function queuedDatabase(
  db: Database,
  opts: DbQueueOptions,
): Database & {
  stats(): QueueStats;
  /** Seconds to ask a new request to come back after, if it would be refused now; else undefined. */
  shed(): number | undefined;
} {
  let running = 0;
  let refused = 0;
  /** Moving average of the time one request holds the database, in ms. */
  let serviceMs = 0;
  /**
   * Moving average of the time between one request's turn and the next while requests wait:
   * what one request really costs the queue (its statement, and on PGlite, which runs on this
   * thread, the event-loop turns and the HTTP work of everything else in between). The wait a
   * newcomer faces is computed from the larger of the two, so a request admitted is served in
   * time instead of waiting to be refused (issue 34).
   */
  let cycleMs = 0;
  let lastTurn = 0;
  const waiting: Waiter[] = [];

  const perRequestMs = () => Math.max(serviceMs, cycleMs);
  /** The wait a request arriving now would have before its turn. */
  const expectedWaitMs = () => ((waiting.length + 1) * perRequestMs()) / opts.concurrency;
  /**
   * Retry-After: always 1 s. Longer (the time to drain the queue) was tried: under overload the
   * refused clients then slept while the queue ran dry, and fewer requests were served.
   */
  const retryAfter = () => 1;

  function shed(): number | undefined {
    if (running < opts.concurrency && waiting.length === 0) return undefined;
    if (waiting.length >= opts.limit || expectedWaitMs() >= opts.timeoutMs) {
      refused += 1;
      return retryAfter();
    }
    return undefined;
  }

  function acquire(): Promise<void> {
    if (running < opts.concurrency && waiting.length === 0) {
      running += 1;
      lastTurn = performance.now();
      return Promise.resolve();
    }
    // Refused at once when the queue is full, or when the wait it would take (the requests ahead,
    // at the recent cost per request) is already past the bound: no waiting only to be refused.
    if (waiting.length >= opts.limit || expectedWaitMs() >= opts.timeoutMs) {
      refused += 1;
      return Promise.reject(busy('full', opts, retryAfter()));
    }
    return new Promise<void>((resolve, reject) => {
      const w: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          const i = waiting.indexOf(w);
          if (i !== -1) waiting.splice(i, 1);
          refused += 1;
          reject(busy('timeout', opts, retryAfter()));
        }, opts.timeoutMs),
      };
      waiting.push(w);
    });
  }

  function release(): void {
    const next = waiting.shift();
    if (next) {
      // The slot passes straight to the next waiter: `running` stays the same.
      clearTimeout(next.timer);
      const now = performance.now();
      // With n slots busy, turns come n times as often as one request's cost.
      const sample = (now - lastTurn) * opts.concurrency;
      cycleMs = cycleMs === 0 ? sample : cycleMs * 0.9 + sample * 0.1;
      lastTurn = now;
      next.start();
    } else running -= 1;
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    await acquire();
    try {
      // PGlite runs each statement synchronously on this thread: without a turn of the event loop
      // here, requests waiting in the sockets would never reach the queue to be counted (or
      // refused) and would wait unseen while one transaction follows another.
      await new Promise<void>((r) => setImmediate(r));
      // On PGlite two turns: a connection of a burst may be accepted in one and its request read
      // in the next. Since REST answers are written without a Web stream in between (gateway/
      // cors.ts), one turn sometimes left a whole burst unseen in the sockets, served one by one
      // and never shed (hardening test "a burst beyond the queue").
      if (db.kind === 'pglite') await new Promise<void>((r) => setImmediate(r));
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        const sample = performance.now() - t0;
        serviceMs = serviceMs === 0 ? sample : serviceMs * 0.9 + sample * 0.1;
      }
    } finally {
      release();
    }
  }

  return {
    kind: db.kind,
    query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      return run(() => db.query<R>(sql, params));
    },
    exec: (sql: string) => run(() => db.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => run(() => db.transaction(fn)),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
    stats: () => ({ running, waiting: waiting.length, refused }),
    shed,
  };
}
