// postgres_changes through supabase-js: who receives which row (RLS per subscriber, column
// grants), every event type, the filters the client can express, and the payload as the client
// decodes it. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresChangesFilter,
  type RealtimePostgresChangesPayload,
  type RealtimeChannel,
} from '@supabase/supabase-js';
import {
  connectClient,
  Inbox,
  joined,
  mintToken,
  newUserId,
  SERVICE_KEY,
  roundTrip,
  startFixture,
  subscribe,
  type Fixture,
  type TestClient,
} from '../fixtures/realtime-project/harness.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

let fx: Fixture;
const clients: TestClient[] = [];

beforeAll(async () => {
  fx = await startFixture();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await fx?.close();
});

async function userClient(sub: string | null, opts: { key?: string } = {}): Promise<TestClient> {
  const tc = await connectClient(fx.url, {
    token: sub ? await mintToken(sub) : null,
    key: opts.key,
  });
  clients.push(tc);
  return tc;
}

const sql = <R = Row>(text: string, params: unknown[] = []) =>
  fx.server.db.query<R>(text, params).then((r) => r.rows);

async function insertNote(owner: string, title: string, extra: Row = {}): Promise<number> {
  const cols = ['owner_id', 'title', ...Object.keys(extra)];
  const vals = [owner, title, ...Object.values(extra)];
  const rows = await sql<{ id: number }>(
    `insert into notes (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    vals,
  );
  return rows[0]!.id;
}

/** One channel with one postgres_changes binding per filter; an inbox per binding. */
async function watch(
  tc: TestClient,
  name: string,
  bindings: Array<{
    event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
    table: string;
    filter?: string;
    select?: string[];
  }>,
): Promise<{ channel: RealtimeChannel; inboxes: Array<Inbox<Change>>; all: Inbox<Change> }> {
  const channel = tc.client.channel(name);
  const all = new Inbox<Change>();
  const inboxes = bindings.map((b) => {
    const inbox = new Inbox<Change>();
    channel.on<Row>(
      'postgres_changes',
      {
        event: b.event as '*',
        schema: 'public',
        table: b.table,
        filter: b.filter,
        select: b.select,
      },
      (p) => {
        inbox.push(p);
        all.push(p);
      },
    );
    return inbox;
  });
  await joined(channel);
  return { channel, inboxes, all };
}

const titleOf = (c: Change) => (c.new as Row).title ?? (c.old as Row).title;

describe('change capture', () => {
  const logged = async () =>
    Number(
      (
        await sql<{ n: number }>(
          "select count(*)::int as n from realtime.change_log where table_name = 'pings'",
        )
      )[0]!.n,
    );

  it('logs changes of a published table only while someone subscribes to it', async () => {
    await sql('insert into pings (sent_at) values (1)');
    expect(await logged()).toBe(0);

    const tc = await userClient(newUserId());
    const w = await watch(tc, 'capture', [{ event: 'INSERT', table: 'pings' }]);
    await sql('insert into pings (sent_at) values (2)');
    expect((await w.all.next()).new).toMatchObject({ sent_at: 2 });
    expect(await logged()).toBe(1);

    await tc.client.removeChannel(w.channel);
    await expect.poll(async () => (await sql('select 1 from realtime.listeners')).length).toBe(0);
    await sql('insert into pings (sent_at) values (3)');
    expect(await logged()).toBe(1);
  });
});

describe('row level security per subscriber', () => {
  it('delivers a row only to subscribers a select as them would return it to', async () => {
    const alice = newUserId();
    const bob = newUserId();
    const [a, b, anon, service] = await Promise.all([
      userClient(alice),
      userClient(bob),
      userClient(null),
      userClient(null, { key: SERVICE_KEY }),
    ]);
    const topic = 'rls-notes';
    const [wa, wb, wanon, wservice] = await Promise.all(
      [a, b, anon, service].map((c) => watch(c, topic, [{ event: 'INSERT', table: 'notes' }])),
    );

    await insertNote(alice, 'alice secret');
    await insertNote(bob, 'bob secret');
    // Markers written last: once each reader has its marker, anything else would have arrived.
    await insertNote(alice, 'alice marker');
    await insertNote(bob, 'bob marker');

    await wa!.all.next((c) => titleOf(c) === 'alice marker');
    await wb!.all.next((c) => titleOf(c) === 'bob marker');
    await wservice!.all.next((c) => titleOf(c) === 'bob marker');

    expect(wa!.all.items.map(titleOf)).toEqual(['alice secret', 'alice marker']);
    expect(wb!.all.items.map(titleOf)).toEqual(['bob secret', 'bob marker']);
    expect(wservice!.all.items.map(titleOf)).toEqual([
      'alice secret',
      'bob secret',
      'alice marker',
      'bob marker',
    ]);
    expect(wanon!.all.items).toEqual([]);
  });

  it('follows the row: an update that hands a note to someone else moves who sees it', async () => {
    const alice = newUserId();
    const bob = newUserId();
    const [a, b] = await Promise.all([userClient(alice), userClient(bob)]);
    const [wa, wb] = await Promise.all(
      [a, b].map((c) => watch(c, 'rls-handover', [{ event: 'UPDATE', table: 'notes' }])),
    );
    const id = await insertNote(alice, 'handover');
    await sql('update notes set priority = 1 where id = $1', [id]);
    await wa!.all.next((c) => (c.new as Row).priority === 1);
    await sql('update notes set owner_id = $2, priority = 2 where id = $1', [id, bob]);
    await wb!.all.next((c) => (c.new as Row).priority === 2);
    await sql('update notes set priority = 3 where id = $1', [id]);
    await wb!.all.next((c) => (c.new as Row).priority === 3);
    expect(wa!.all.items.map((c) => (c.new as Row).priority)).toEqual([1]);
    expect(wb!.all.items.map((c) => (c.new as Row).priority)).toEqual([2, 3]);
  });

  it('gives nothing to a subscriber whose policy check fails, and still serves the others', async () => {
    const fragile = await connectClient(fx.url, {
      token: await mintToken(newUserId(), { claims: { fragile: 'yes' } }),
    });
    clients.push(fragile);
    const sturdy = await userClient(newUserId());
    const [wf, ws] = await Promise.all([
      watch(fragile, 'fragile', [{ event: '*', table: 'fragile' }]),
      watch(sturdy, 'fragile', [{ event: '*', table: 'fragile' }]),
    ]);
    await sql(`insert into fragile values (1, 'one'), (2, 'two')`);
    // Both rows were judged for every channel (sturdy has them); flush fragile's socket.
    await ws.all.count(2);
    await roundTrip(fragile);
    expect(ws.all.items.map((c) => (c.new as Row).body)).toEqual(['one', 'two']);
    expect(wf.all.items).toEqual([]);
  });

  it('sends only the columns the subscriber may select', async () => {
    const user = newUserId();
    const tc = await userClient(user);
    const w = await watch(tc, 'payroll', [{ event: '*', table: 'payroll' }]);
    await sql(`insert into payroll values (1, 'engineer', 5000)`);
    const change = await w.all.next();
    expect(change.new).toEqual({ id: 1, title: 'engineer' });
    expect(change.eventType).toBe('INSERT');
  });

  it('sends a DELETE of an RLS table with its primary key only, to every subscriber (as Supabase)', async () => {
    const alice = newUserId();
    const bob = newUserId();
    const [a, b] = await Promise.all([userClient(alice), userClient(bob)]);
    const [wa, wb] = await Promise.all(
      [a, b].map((c) => watch(c, 'rls-delete', [{ event: 'DELETE', table: 'notes' }])),
    );
    const id = await insertNote(alice, 'to be deleted', { priority: 7 });
    await sql('delete from notes where id = $1', [id]);
    const [da, db] = await Promise.all([wa!.all.next(), wb!.all.next()]);
    for (const d of [da, db]) {
      expect(d.eventType).toBe('DELETE');
      expect(d.old).toEqual({ id });
      expect(d.new).toEqual({});
    }
  });
});

describe('events', () => {
  it('routes INSERT, UPDATE, DELETE and * to the right binding, in commit order', async () => {
    const tc = await userClient(null);
    const w = await watch(tc, 'events', [
      { event: 'INSERT', table: 'announcements' },
      { event: 'UPDATE', table: 'announcements' },
      { event: 'DELETE', table: 'announcements' },
      { event: '*', table: 'announcements' },
    ]);
    const [ins, upd, del, any] = w.inboxes;
    await fx.server.db.transaction(async (tx) => {
      await tx.query(`insert into announcements (id, body) values (10, 'first'), (11, 'second')`);
      await tx.query(`update announcements set body = 'first, edited' where id = 10`);
    });
    await sql('delete from announcements where id = 11');
    await any!.count(4);
    expect(any!.items.map((c) => c.eventType)).toEqual(['INSERT', 'INSERT', 'UPDATE', 'DELETE']);
    expect(ins!.items.map((c) => (c.new as Row).id)).toEqual([10, 11]);
    expect(upd!.items).toHaveLength(1);
    // announcements has REPLICA IDENTITY FULL and no RLS: old rows travel whole.
    expect(upd!.items[0]!.old).toEqual({ id: 10, body: 'first', audience: 'all' });
    expect(upd!.items[0]!.new).toEqual({ id: 10, body: 'first, edited', audience: 'all' });
    expect(del!.items).toHaveLength(1);
    expect(del!.items[0]!.old).toEqual({ id: 11, body: 'second', audience: 'all' });
    expect(any!.items[0]).toMatchObject({ schema: 'public', table: 'announcements', errors: null });
    expect(new Date(any!.items[0]!.commit_timestamp).getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('delivers every row of a bulk write, in order', async () => {
    const tc = await userClient(null);
    const w = await watch(tc, 'bulk', [
      { event: 'INSERT', table: 'announcements', filter: 'id=gte.1000' },
    ]);
    await sql(
      `insert into announcements (id, body) select g, 'bulk ' || g from generate_series(1000, 1249) g`,
    );
    await w.all.count(250, 15_000);
    expect(w.all.items.map((c) => (c.new as Row).id)).toEqual(
      Array.from({ length: 250 }, (_, i) => 1000 + i),
    );
  });

  it('an UPDATE of a table with the default replica identity carries the old primary key', async () => {
    const user = newUserId();
    const tc = await userClient(user);
    const w = await watch(tc, 'old-keys', [{ event: 'UPDATE', table: 'notes' }]);
    const id = await insertNote(user, 'before');
    await sql(`update notes set title = 'after' where id = $1`, [id]);
    const change = await w.all.next();
    expect(change.old).toEqual({ id });
    expect((change.new as Row).title).toBe('after');
  });

  it('decodes every column type the way the client converts them', async () => {
    const user = newUserId();
    const tc = await userClient(user);
    const w = await watch(tc, 'types', [{ event: 'INSERT', table: 'notes' }]);
    const id = await insertNote(user, 'typed', {
      priority: 42,
      score: '12.5',
      done: true,
      tags: ['a', 'b c'],
      meta: JSON.stringify({ nested: { list: [1, 2] } }),
      due_on: '2026-03-01',
      due_at: '2026-03-01T08:30:00Z',
    });
    const change = await w.all.next();
    expect(change.new).toEqual({
      id,
      owner_id: user,
      title: 'typed',
      priority: 42,
      score: 12.5,
      done: true,
      tags: ['a', 'b c'],
      meta: { nested: { list: [1, 2] } },
      due_on: '2026-03-01',
      due_at: expect.stringMatching(/^2026-03-01T08:30:00(\.0+)?\+00:00$/),
      created_at: '2026-01-01T10:00:00',
    });
  });

  it('applies `select` to keep only the listed columns', async () => {
    const user = newUserId();
    const tc = await userClient(user);
    const w = await watch(tc, 'select', [
      { event: 'INSERT', table: 'notes', select: ['id', 'title'] },
    ]);
    const id = await insertNote(user, 'narrow');
    expect((await w.all.next()).new).toEqual({ id, title: 'narrow' });
  });
});

describe('filters', () => {
  const cases: Array<{
    filter: string | ReturnType<typeof postgresChangesFilter>;
    expected: number[];
  }> = [
    { filter: 'priority=eq.2', expected: [2] },
    { filter: 'priority=neq.2', expected: [1, 3] },
    { filter: 'priority=lt.2', expected: [1] },
    { filter: 'priority=lte.2', expected: [1, 2] },
    { filter: 'priority=gt.2', expected: [3] },
    { filter: 'priority=gte.2', expected: [2, 3] },
    { filter: 'priority=in.(1,3)', expected: [1, 3] },
    { filter: postgresChangesFilter().in('title', ['p 1', 'p,2']), expected: [1, 2] },
    { filter: postgresChangesFilter().gt('priority', 1).lt('priority', 3), expected: [2] },
    { filter: postgresChangesFilter().not('priority', 'in', [1, 2]), expected: [3] },
    { filter: 'title=like.p%', expected: [1, 2, 3] },
    { filter: postgresChangesFilter().ilike('title', 'P %'), expected: [1, 3] },
    { filter: postgresChangesFilter().match('title', '^p [13]$'), expected: [1, 3] },
    { filter: postgresChangesFilter().isDistinct('priority', 2), expected: [1, 3] },
    { filter: 'score=is.null', expected: [1, 2, 3] },
    { filter: postgresChangesFilter().not('score', 'is', null), expected: [] },
  ];

  it('delivers exactly the rows each filter matches', async () => {
    const user = newUserId();
    const tc = await userClient(user);
    const channel = tc.client.channel('filters');
    const inboxes = cases.map((c) => {
      const inbox = new Inbox<Change>();
      channel.on<Row>(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notes', filter: c.filter },
        (p) => inbox.push(p),
      );
      return inbox;
    });
    const all = new Inbox<Change>();
    channel.on<Row>(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'notes' },
      (p) => all.push(p),
    );
    await joined(channel);
    await insertNote(user, 'p 1', { priority: 1 });
    await insertNote(user, 'p,2', { priority: 2 });
    await insertNote(user, 'p 3', { priority: 3 });
    await all.count(3);
    for (const [i, c] of cases.entries()) {
      expect(
        inboxes[i]!.items.map((x) => (x.new as Row).priority),
        `filter ${typeof c.filter === 'string' ? c.filter : c.filter.build()}`,
      ).toEqual(c.expected);
    }
  });

  it('answers the join with one id per binding, in the client order', async () => {
    const tc = await userClient(newUserId());
    const channel = tc.client
      .channel('join-ids')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notes' },
        () => undefined,
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'notes', filter: 'id=eq.1' },
        () => undefined,
      )
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'announcements' },
        () => undefined,
      );
    await joined(channel);
    const bindings = channel.bindings.postgres_changes!;
    expect(bindings.map((b) => [b.filter.event, b.filter.table, b.filter.filter])).toEqual([
      ['INSERT', 'notes', undefined],
      ['UPDATE', 'notes', 'id=eq.1'],
      ['*', 'announcements', undefined],
    ]);
    const ids = bindings.map((b) => b.id);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('subscriptions that cannot be made', () => {
  async function systemMessage(tc: TestClient, table: string, filter?: string, wait = false) {
    const channel = tc.client.channel(`bad-${table}-${filter ?? ''}-${wait}`, {
      config: wait ? { postgres_changes_options: { wait: true, timeout: 2000 } } : {},
    });
    const system = new Inbox<Row>();
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table, filter }, () => undefined)
      .on('system', {}, (p: Row) => system.push(p));
    const outcome = await subscribe(channel);
    return { outcome, system };
  }

  it('reports a table outside the supabase_realtime publication as a system error', async () => {
    const tc = await userClient(newUserId());
    const { outcome, system } = await systemMessage(tc, 'drafts');
    expect(outcome.status).toBe('SUBSCRIBED');
    const msg = await system.next();
    expect(msg).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(String(msg.message)).toContain('Unable to subscribe to changes with given parameters');
  });

  it('refuses the join when the client waits for the subscription', async () => {
    const tc = await userClient(newUserId());
    const { outcome } = await systemMessage(tc, 'drafts', undefined, true);
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.error?.message).toContain('RealtimeDisabledForConfiguration');
  });

  it.each([
    ['an unknown column', 'nope=eq.1', 'invalid column for filter nope'],
    ['a value of the wrong type', 'priority=eq.abc', 'invalid input syntax'],
    ['an unknown operator', 'priority=foo.1', 'Error parsing `filter` params'],
    [
      'an unparenthesised in',
      'priority=in.1,2',
      '`in` filter value must be wrapped by parentheses',
    ],
  ])('reports %s', async (_label, filter, text) => {
    const tc = await userClient(newUserId());
    const { system } = await systemMessage(tc, 'notes', filter);
    const msg = await system.next();
    expect(msg.status).toBe('error');
    expect(String(msg.message)).toContain(text);
  });

  it('confirms a good subscription with a system message', async () => {
    const tc = await userClient(newUserId());
    const { outcome, system } = await systemMessage(tc, 'notes');
    expect(outcome.status).toBe('SUBSCRIBED');
    expect(await system.next()).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    });
  });
});
