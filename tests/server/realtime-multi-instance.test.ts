// Several server instances on one PostgreSQL: a change, a broadcast or a presence update made
// through one instance reaches the clients of every instance. Always on PostgreSQL: the database
// of TEST_DATABASE_URL's server, or a throwaway cluster when it is not set.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import {
  connectClient,
  Inbox,
  joined,
  mintToken,
  newUserId,
  startFixture,
  startThrowawayCluster,
  type Cluster,
  type Fixture,
  type TestClient,
} from '../fixtures/realtime-project/harness.ts';

type Row = Record<string, unknown>;

let cluster: Cluster | undefined;
let database: { url: string; drop: () => Promise<void> };
let first: Fixture;
let second: Fixture;
const clients: TestClient[] = [];

beforeAll(async () => {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    cluster = await startThrowawayCluster();
    adminUrl = cluster.url;
  }
  database = await freshDatabase(adminUrl);
  first = await startFixture({ databaseUrl: database.url });
  second = await startFixture({ databaseUrl: database.url });
  // The instances introduce themselves over NOTIFY before any client arrives.
  await hearEachOther(first, second);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await first?.close();
  await second?.close();
  await database?.drop();
  cluster?.stop();
});

async function client(fx: Fixture, sub: string): Promise<TestClient> {
  const tc = await connectClient(fx.url, { token: await mintToken(sub) });
  clients.push(tc);
  return tc;
}

/** Broadcasts from `from` to `to` on a probe topic until one arrives. */
async function relays(from: Fixture, to: Fixture): Promise<void> {
  const [a, b] = await Promise.all([client(from, newUserId()), client(to, newUserId())]);
  const topic = `probe-${newUserId()}`;
  const heard = new Inbox<unknown>();
  const sender = a.client.channel(topic);
  const listener = b.client
    .channel(topic)
    .on('broadcast', { event: 'probe' }, (m) => heard.push(m));
  await joined(sender);
  await joined(listener);
  await vi.waitFor(
    async () => {
      expect(await sender.send({ type: 'broadcast', event: 'probe', payload: {} })).toBe('ok');
      await heard.next(() => true, 100);
    },
    { timeout: 10_000, interval: 0 },
  );
  for (const tc of [a, b]) {
    await tc.close();
    clients.splice(clients.indexOf(tc), 1);
  }
}

/**
 * Waits until two instances have met over NOTIFY (hello, then the presence handover): until then
 * an instance relays nothing, so a broadcast from each side reaching the other proves it.
 */
async function hearEachOther(one: Fixture, other: Fixture): Promise<void> {
  await relays(one, other);
  await relays(other, one);
}

describe('several instances on one PostgreSQL', () => {
  it('delivers a change to the subscribers of every instance, once each', async () => {
    const user = newUserId();
    const inboxes = await Promise.all(
      [first, second].map(async (fx) => {
        const tc = await client(fx, user);
        const inbox = new Inbox<RealtimePostgresChangesPayload<Row>>();
        await joined(
          tc.client
            .channel('shared-notes')
            .on<Row>(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'notes' },
              (p) => inbox.push(p),
            ),
        );
        return inbox;
      }),
    );
    await first.server.db.query('insert into notes (owner_id, title) values ($1, $2)', [
      user,
      'one',
    ]);
    await second.server.db.query('insert into notes (owner_id, title) values ($1, $2)', [
      user,
      'two',
    ]);
    // A barrier instead of a pause: a later row reaches both subscribers after any copy of the
    // first two would have.
    await first.server.db.query('insert into notes (owner_id, title) values ($1, $2)', [
      user,
      'marker',
    ]);
    for (const inbox of inboxes) {
      await inbox.next((c) => (c.new as Row).title === 'marker');
      expect(inbox.items.map((c) => (c.new as Row).title)).toEqual(['one', 'two', 'marker']);
    }
  });

  it('relays broadcasts between instances, binary payloads included', async () => {
    const [a, b] = await Promise.all([client(first, newUserId()), client(second, newUserId())]);
    const got = new Inbox<{ event: string; payload: unknown }>();
    const ca = a.client.channel('across');
    const cb = b.client
      .channel('across')
      .on('broadcast', { event: '*' }, (m) =>
        got.push({ event: m.event, payload: m.payload as unknown }),
      );
    await joined(ca);
    await joined(cb);
    await ca.send({ type: 'broadcast', event: 'json', payload: { big: 'x'.repeat(20_000) } });
    await ca.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 3]).buffer });
    await got.count(2);
    expect(got.items[0]!.payload).toEqual({ big: 'x'.repeat(20_000) });
    expect([...new Uint8Array(got.items[1]!.payload as ArrayBuffer)]).toEqual([1, 2, 3]);
  });

  it('shares presence across instances and drops an instance that shuts down', async () => {
    const third = await startFixture({ databaseUrl: database.url });
    try {
      await hearEachOther(first, third);
      const [a, c] = await Promise.all([client(first, newUserId()), client(third, newUserId())]);
      const events = new Inbox<{ event: string; key?: string }>();
      const ca = a.client
        .channel('presence-across', { config: { presence: { key: 'on-first' } } })
        .on('presence', { event: 'join' }, (p) => events.push(p as { event: string; key: string }))
        .on('presence', { event: 'leave' }, (p) =>
          events.push(p as { event: string; key: string }),
        );
      const cc = c.client.channel('presence-across', { config: { presence: { key: 'on-third' } } });
      await joined(ca);
      await joined(cc);
      expect(await cc.track({ where: 'third' })).toBe('ok');
      await events.next((e) => e.event === 'join' && e.key === 'on-third');
      expect(ca.presenceState()).toEqual({
        'on-third': [{ where: 'third', presence_ref: expect.any(String) }],
      });
      await c.close();
      clients.splice(clients.indexOf(c), 1);
      await third.close();
      await events.next((e) => e.event === 'leave' && e.key === 'on-third');
      expect(ca.presenceState()).toEqual({});
    } finally {
      await third.close().catch(() => undefined);
    }
  });

  it('hands the current presence to an instance that starts later', async () => {
    const a = await client(first, newUserId());
    const ca = a.client.channel('late-instance', { config: { presence: { key: 'early' } } });
    await joined(ca);
    expect(await ca.track({ n: 1 })).toBe('ok');
    const late = await startFixture({ databaseUrl: database.url });
    try {
      // No wait for the instances to meet: the handover arrives as a presence diff if the
      // client joins first, and the sync below waits for it either way.
      const d = await client(late, newUserId());
      const synced = new Inbox<unknown>();
      const cd = d.client
        .channel('late-instance')
        .on('presence', { event: 'sync' }, () => synced.push(cd.presenceState()));
      await joined(cd);
      await synced.next(() => Object.keys(cd.presenceState()).length > 0);
      expect(cd.presenceState()).toEqual({ early: [{ n: 1, presence_ref: expect.any(String) }] });
      await d.close();
      clients.splice(clients.indexOf(d), 1);
    } finally {
      await late.close();
    }
  });
});
