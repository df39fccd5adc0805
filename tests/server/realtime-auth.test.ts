// Who may connect and what a channel acts as: the socket's apikey, the join's access token, token
// refresh on an open socket (access_token), expiry while joined, private channels decided by the
// realtime.messages policies, broadcast from the database, and reconnecting after a network drop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import {
  ANON_KEY,
  connectClient,
  Inbox,
  joined,
  mintToken,
  newUserId,
  roundTrip,
  SERVICE_KEY,
  startFixture,
  startProxy,
  subscribe,
  upgradeStatus,
  type Fixture,
  type TestClient,
} from '../fixtures/realtime-project/harness.ts';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

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

async function client(token: string | null, opts: { url?: string; key?: string } = {}) {
  const tc = await connectClient(opts.url ?? fx.url, { token, key: opts.key });
  clients.push(tc);
  return tc;
}

const sql = (text: string, params: unknown[] = []) => fx.server.db.query(text, params);

async function insertNote(owner: string, title: string): Promise<void> {
  await sql('insert into notes (owner_id, title) values ($1, $2)', [owner, title]);
}

function watchNotes(tc: TestClient, name: string) {
  const inbox = new Inbox<Change>();
  const system = new Inbox<Row>();
  const statuses = new Inbox<string>();
  const channel = tc.client
    .channel(name)
    .on<Row>('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (p) =>
      inbox.push(p),
    )
    .on('system', {}, (p: Row) => system.push(p));
  return { channel, inbox, system, statuses };
}

/**
 * Another client watching `owner`'s notes. Every channel's copy of a change is sent in one step,
 * so once the witness has a change, it was judged (and sent or not) for every other channel too.
 */
async function witness(owner: string, name: string) {
  const w = watchNotes(await client(await mintToken(owner)), name);
  await joined(w.channel);
  return {
    saw: (title: string) => w.inbox.next((c) => (c.new as Row).title === title),
  };
}

const titles = (inbox: Inbox<Change>) => inbox.items.map((c) => (c.new as Row).title);

describe('connecting', () => {
  it('requires a valid apikey, as the API gateway does', async () => {
    expect(await upgradeStatus(fx.url, { vsn: '2.0.0' })).toBe(401);
    expect(await upgradeStatus(fx.url, { apikey: 'not-a-key', vsn: '2.0.0' })).toBe(401);
    const forged = await mintToken(newUserId(), { role: 'anon', secret: 'x'.repeat(40) });
    expect(await upgradeStatus(fx.url, { apikey: forged, vsn: '2.0.0' })).toBe(401);
    expect(await upgradeStatus(fx.url, { apikey: ANON_KEY, vsn: '3.0.0' })).toBe(400);
    expect(await upgradeStatus(fx.url, { apikey: ANON_KEY }, '/realtime/v1/elsewhere')).toBe(404);
    for (const key of [ANON_KEY, SERVICE_KEY, WELL_KNOWN.publishableKey, WELL_KNOWN.secretKey]) {
      expect(await upgradeStatus(fx.url, { apikey: key, vsn: '2.0.0' })).toBe(101);
    }
  });

  it('joins with the publishable key and no session, as anon', async () => {
    const tc = await client(null, { key: WELL_KNOWN.publishableKey });
    const w = watchNotes(tc, 'publishable');
    await joined(w.channel);
    const anonOnly = tc.client.channel('publishable-room');
    await joined(anonOnly);
  });
});

describe('access tokens', () => {
  it.each([
    [
      'an expired token',
      () => mintToken(newUserId(), { expiresIn: -30 }),
      'InvalidJWTToken: Token has expired',
    ],
    [
      'a token signed with another secret',
      () => mintToken(newUserId(), { secret: 'y'.repeat(40) }),
      'JwtSignatureError: Failed to validate JWT signature',
    ],
    [
      'a token without exp',
      () => mintToken(newUserId(), { withoutExp: true }),
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    ],
    ['garbage', async () => 'not.a.jwt', 'MalformedJWT'],
    [
      'a token for a database role the API does not use',
      () => mintToken(newUserId(), { role: 'postgres' }),
      'InvalidJWTToken',
    ],
  ])('refuses the join with %s', async (_label, makeToken, reason) => {
    const tc = await client(await makeToken());
    const outcome = await subscribe(tc.client.channel(`refused-${Math.random()}`));
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.error?.message).toContain(reason);
  });

  it('switches who the channel acts as when the client refreshes its token', async () => {
    const alice = newUserId();
    const bob = newUserId();
    const tc = await client(null);
    const w = watchNotes(tc, 'token-switch');
    await joined(w.channel);
    const asAlice = await witness(alice, 'token-switch');
    const asBob = await witness(bob, 'token-switch');

    await insertNote(alice, 'while anon');
    await asAlice.saw('while anon');
    await roundTrip(tc);
    expect(w.inbox.items).toEqual([]);

    await tc.setToken(await mintToken(alice));
    // The round trip's join is handled after the token refresh sent before it.
    await roundTrip(tc);
    await insertNote(alice, 'alice 1');
    await insertNote(bob, 'bob 1');
    await w.inbox.next((c) => (c.new as Row).title === 'alice 1');
    // Changes are judged with the identity the channel has when they are dispatched: bob 1 must
    // have been judged as alice before the switch to bob.
    await asBob.saw('bob 1');

    await tc.setToken(await mintToken(bob));
    await roundTrip(tc);
    await insertNote(alice, 'alice 2');
    await insertNote(bob, 'bob 2');
    // alice 2 was dispatched before bob 2, so it would have come first on this socket.
    await w.inbox.next((c) => (c.new as Row).title === 'bob 2');
    expect(titles(w.inbox)).toEqual(['alice 1', 'bob 2']);
  });

  it('closes the channel with a system message when its token expires', async () => {
    const user = newUserId();
    const tc = await client(await mintToken(user, { expiresIn: 2 }));
    const w = watchNotes(tc, 'expiring');
    const other = await witness(user, 'expiring');
    const closed = new Inbox<string>();
    w.channel.subscribe((status) => closed.push(status));
    await closed.next((s) => s === 'SUBSCRIBED');
    await insertNote(user, 'before expiry');
    await w.inbox.next();
    const msg = await w.system.next((m) => m.extension === 'system', 6000);
    expect(msg).toMatchObject({ status: 'error', channel: 'expiring' });
    expect(String(msg.message)).toMatch(/^Token has expired \d+ seconds ago$/);
    await closed.next((s) => s === 'CLOSED');
    await insertNote(user, 'after expiry');
    await other.saw('after expiry');
    await roundTrip(tc);
    expect(titles(w.inbox)).toEqual(['before expiry']);
  });

  it('closes the channel when a refreshed token is invalid, and keeps the socket for others', async () => {
    const user = newUserId();
    const tc = await client(await mintToken(user));
    const w = watchNotes(tc, 'bad-refresh');
    const statuses = new Inbox<string>();
    w.channel.subscribe((s) => statuses.push(s));
    await statuses.next((s) => s === 'SUBSCRIBED');
    const other = tc.client.channel('bad-refresh-broadcast', {
      config: { broadcast: { self: true } },
    });
    const echoes = new Inbox<unknown>();
    other.on('broadcast', { event: 'echo' }, (m) => echoes.push(m));
    await joined(other);

    await tc.setToken(await mintToken(user, { secret: 'z'.repeat(40) }));
    const msg = await w.system.next((m) => m.extension === 'system');
    expect(msg.message).toBe('Failed to validate JWT signature');
    await statuses.next((s) => s === 'CLOSED');
    // The other channel was also closed (same token), the socket itself still serves.
    const fresh = tc.client.channel('after-bad-refresh', { config: { broadcast: { self: true } } });
    const got = new Inbox<unknown>();
    fresh.on('broadcast', { event: 'echo' }, (m) => got.push(m));
    await tc.setToken(await mintToken(user));
    await joined(fresh);
    await fresh.send({ type: 'broadcast', event: 'echo', payload: {} });
    await got.next();
  });
});

describe('private channels', () => {
  const roomName = 'room-private';
  const writer = newUserId();
  const reader = newUserId();
  const stranger = newUserId();

  beforeAll(async () => {
    await sql(
      'insert into room_members (room, user_id, can_write) values ($1, $2, true), ($1, $3, false)',
      [roomName, writer, reader],
    );
  });

  async function privateRoom(token: string | null, name = roomName) {
    const tc = await client(token);
    const inbox = new Inbox<{ event: string; payload: Row }>();
    const channel = tc.client
      .channel(name, { config: { private: true, broadcast: { ack: true } } })
      .on('broadcast', { event: '*' }, (m) =>
        inbox.push({ event: m.event, payload: m.payload as Row }),
      );
    return { tc, channel, inbox };
  }

  it('lets members in and keeps everyone else out, by the realtime.messages policies', async () => {
    const w = await privateRoom(await mintToken(writer));
    const r = await privateRoom(await mintToken(reader));
    const s = await privateRoom(await mintToken(stranger));
    const anon = await privateRoom(null);
    await joined(w.channel);
    await joined(r.channel);
    for (const refused of [s, anon]) {
      const outcome = await subscribe(refused.channel);
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${roomName}`,
      );
    }

    expect(await w.channel.send({ type: 'broadcast', event: 'say', payload: { text: 'hi' } })).toBe(
      'ok',
    );
    expect((await r.inbox.next()).payload).toEqual({ text: 'hi' });

    // A reader may listen but not speak: the insert policy refuses the write.
    expect(
      await r.channel.send({ type: 'broadcast', event: 'say', payload: { text: 'nope' } }),
    ).toBe('error');
    // The refusal was answered; any copy sent before it has arrived after a round trip.
    await roundTrip(w.tc);
    await roundTrip(r.tc);
    expect(w.inbox.items).toEqual([]);
    expect(r.inbox.items).toHaveLength(1);

    // Presence follows the same policies.
    expect(await w.channel.track({ role: 'writer' })).toBe('ok');
    expect(await r.channel.track({ role: 'reader' })).toBe('error');
  });

  it('keeps a private topic apart from the public topic of the same name', async () => {
    const w = await privateRoom(await mintToken(writer));
    await joined(w.channel);
    const pub = await client(await mintToken(stranger));
    const heard = new Inbox<unknown>();
    const channel = pub.client
      .channel(roomName)
      .on('broadcast', { event: '*' }, (m) => heard.push(m));
    await joined(channel);
    await w.channel.send({ type: 'broadcast', event: 'secret', payload: { n: 1 } });
    await channel.send({ type: 'broadcast', event: 'public', payload: { n: 2 } });
    // 'secret' was acknowledged (handled); the round trips make sure 'public' was handled too and
    // that both sockets have received whatever was sent to them before.
    await roundTrip(pub);
    await roundTrip(w.tc);
    expect(heard.items).toEqual([]);
    expect(w.inbox.items).toEqual([]);
  });

  it('closes a private channel when a refreshed token loses read access', async () => {
    const w = await privateRoom(await mintToken(writer));
    const system = new Inbox<Row>();
    w.channel.on('system', {}, (m: Row) => system.push(m));
    await joined(w.channel);
    await w.tc.setToken(await mintToken(stranger));
    const msg = await system.next((m) => m.extension === 'system');
    expect(msg.message).toBe(
      `You no longer have permission to read from this Channel topic: ${roomName}`,
    );
  });

  it('delivers broadcasts sent from the database (realtime.broadcast_changes)', async () => {
    await sql("insert into room_members (room, user_id) values ('announcements-feed', $1)", [
      reader,
    ]);
    const r = await privateRoom(await mintToken(reader), 'announcements-feed');
    await joined(r.channel);
    await sql(`insert into announcements (id, body) values (500, 'from the database')`);
    const msg = await r.inbox.next();
    expect(msg.event).toBe('INSERT');
    expect(msg.payload).toMatchObject({
      operation: 'INSERT',
      schema: 'public',
      table: 'announcements',
      record: { id: 500, body: 'from the database', audience: 'all' },
      old_record: null,
    });
  });
});

describe('reconnecting', () => {
  it('rejoins after a network drop with the current token and delivers again', async () => {
    const proxy = await startProxy(fx.url);
    try {
      const user = newUserId();
      const tc = await client(await mintToken(user), { url: proxy.url });
      const w = watchNotes(tc, 'reconnect');
      const statuses = new Inbox<string>();
      w.channel.subscribe((s) => statuses.push(s));
      await statuses.next((s) => s === 'SUBSCRIBED');
      await insertNote(user, 'before the drop');
      await w.inbox.next();

      proxy.drop();
      await statuses.next((s) => s === 'CHANNEL_ERROR');
      // The client reconnects (1 s backoff) and rejoins the channel by itself.
      await w.system.next(
        (m) => m.status === 'ok' && w.system.items.filter((x) => x.status === 'ok').length >= 2,
        10_000,
      );
      await insertNote(user, 'after the drop');
      await w.inbox.next((c) => (c.new as Row).title === 'after the drop');
      expect(titles(w.inbox)).toEqual(['before the drop', 'after the drop']);
      await tc.close();
    } finally {
      await proxy.close();
    }
  });
});
