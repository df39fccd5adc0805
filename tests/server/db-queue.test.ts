// Issue 34: the bounded queue in front of the database (server/gateway/db-queue.ts) admits what
// it can serve within its deadline and refuses the rest before any work is done for them, each
// refusal a 53300 (answered 503 by the APIs) carrying the Retry-After to send.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types.ts';
import { queuedDatabase } from '../../server/gateway/db-queue.ts';

/** A database whose every statement takes `ms`. */
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

describe('the database queue', () => {
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
    await Promise.all(running);
    expect(q.shed()).toBeUndefined();
  });

  it('admits only what it can serve within its deadline, from the measured time per turn', async () => {
    // 100 ms a request, a 1 s deadline: once the time per turn is known, about ten fit.
    const q = queuedDatabase(slowDb(100), { concurrency: 1, limit: 100, timeoutMs: 1000 });
    await Promise.all(Array.from({ length: 3 }, () => q.query('select 1')));
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        q.query('select 1').then(
          () => 'served',
          (e: { code?: string; message: string }) =>
            e.message.includes('waited') ? 'timed out' : e.code,
        ),
      ),
    );
    const count = (o: string | undefined) => outcomes.filter((x) => x === o).length;
    expect(count('served')).toBeGreaterThanOrEqual(5);
    expect(count('served')).toBeLessThan(30);
    expect(count('served') + count('53300') + count('timed out')).toBe(30);
    // Refused on arrival, not admitted to wait out the deadline (a timer firing late on a loaded
    // machine may still time one or two out).
    expect(count('timed out')).toBeLessThanOrEqual(2);
    expect(q.stats().refused).toBe(30 - count('served'));
  });
});
