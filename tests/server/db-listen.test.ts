// The PostgreSQL adapter's LISTEN connection survives being cut (a server restart or a network
// drop): it reconnects and listens to every channel again, so realtime and schema reloads keep
// arriving. Runs on TEST_DATABASE_URL, or on a throwaway cluster of its own.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Database } from '../../server/db/types.ts';
import { freePort, startCluster } from '../../scripts/pg-cluster.mjs';

let cluster: { url: string; stop(): void } | undefined;
let url: string;
let db: Database;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) url = process.env.TEST_DATABASE_URL;
  else {
    cluster = startCluster(await freePort());
    url = cluster.url;
  }
  db = await openPostgres(url, 2);
});

afterAll(async () => {
  await db?.close();
  cluster?.stop();
});

describe('postgres adapter LISTEN', () => {
  it('reconnects after its connection is terminated and still delivers on every channel', async () => {
    const channels = [`t_${Date.now()}_a`, `t_${Date.now()}_b`];
    const seen: string[] = [];
    for (const ch of channels) await db.listen(ch, (p) => seen.push(`${ch}:${p}`));
    await db.query(`select pg_notify($1, 'before')`, [channels[0]]);
    await expect.poll(() => seen).toContain(`${channels[0]}:before`);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where pid <> pg_backend_pid() and query = $1`,
      [`listen "${channels[1]}"`],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);

    // Keep notifying until the new connection is listening again.
    await expect
      .poll(
        async () => {
          for (const ch of channels) await db.query(`select pg_notify($1, 'after')`, [ch]);
          return channels.every((ch) => seen.includes(`${ch}:after`));
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
  });
});
