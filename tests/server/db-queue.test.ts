// Issue 34: the bounded queue in front of the database (server/gateway/db-queue.ts) admits what
// it can serve within its deadline and refuses the rest before any work is done for them, each
// refusal a 53300 (answered 503 by the APIs) carrying the Retry-After to send.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/types.ts';
import { queuedDatabase } from '../../server/gateway/db-queue.ts';

/** A database whose every statement takes `ms` (of the test's fake clock: no real waiting). */
function slowDb(ms: number): Database {
  const nap = () => new Promise<void>((r) => setTimeout(r, ms));
  return {
    kind: 'postgres',
    async query() {
      await nap();
      return { rows: [], rowCount: 0, fields: [] } as never;
    },
    async exec() {
      await nap();
    },
    async transaction(fn) {
      await nap();
      return fn(this);
    },
    listen: async () => async () => undefined,
    close: async () => undefined,
  } as Database;
}

/**
 * Waits for `p` while the fake clock moves 1 ms a step, with a real turn of the event loop between
 * steps (the queue yields with setImmediate before each statement, which the fake clock leaves real).
 */
async function settle<T>(p: Promise<T>): Promise<T> {
  let done = false;
  const out = p.finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((r) => setImmediate(r));
    await vi.advanceTimersByTimeAsync(1);
  }
  return out;
}

describe('the database queue', () => {
  // The queue measures its turns with performance.now() and its deadline with setTimeout: on a
  // fake clock every run sees the same times, however loaded the machine is.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sheds nothing while there is room, and sheds before any work once the queue is full', async () => {
    const q = queuedDatabase(slowDb(40), { concurrency: 1, limit: 3, timeoutMs: 10_000 });
    expect(q.shed()).toBeUndefined();
    const running = Array.from({ length: 4 }, () => q.query('select 1'));
    await new Promise((r) => setImmediate(r));
    // One running, three waiting: the fifth is refused at the door, with a Retry-After.
    const retryAfter = q.shed();
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBe(1);
    const refused = await q.query('select 1').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: '53300', retryAfter: expect.any(Number) });
    await settle(Promise.all(running));
    expect(q.shed()).toBeUndefined();
  });

  it('admits only what it can serve within its deadline, from the measured time per turn', async () => {
    // 100 ms a request, a 1 s deadline: once the time per turn is known, about ten fit.
    const q = queuedDatabase(slowDb(100), { concurrency: 1, limit: 100, timeoutMs: 1000 });
    await settle(Promise.all(Array.from({ length: 3 }, () => q.query('select 1'))));
    const outcomes = await settle(
      Promise.all(
        Array.from({ length: 30 }, () =>
          q.query('select 1').then(
            () => 'served',
            (e: { code?: string; message: string }) =>
              e.message.includes('waited') ? 'timed out' : e.code,
          ),
        ),
      ),
    );
    const count = (o: string | undefined) => outcomes.filter((x) => x === o).length;
    expect(count('served')).toBeGreaterThanOrEqual(5);
    expect(count('served')).toBeLessThan(30);
    expect(count('served') + count('53300') + count('timed out')).toBe(30);
    // Refused on arrival, not admitted to wait out the deadline.
    expect(count('timed out')).toBe(0);
    expect(q.stats().refused).toBe(30 - count('served'));
  });
});
