// Broadcast and presence between supabase-js clients: self and ack options, both serializers
// (1.0.0 JSON objects, 2.0.0 arrays with binary broadcast frames), presence track / untrack /
// sync / join / leave, and what happens when a client goes away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel } from '@supabase/supabase-js';
import {
  connectClient,
  Inbox,
  joined,
  mintToken,
  newUserId,
  roundTrip,
  startFixture,
  type Fixture,
  type TestClient,
} from '../fixtures/realtime-project/harness.ts';

type Msg = { type: string; event: string; payload: unknown };

let fx: Fixture;
const clients: TestClient[] = [];

beforeAll(async () => {
  fx = await startFixture();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await fx?.close();
});

async function client(opts: { vsn?: '1.0.0' | '2.0.0'; user?: boolean } = {}): Promise<TestClient> {
  const tc = await connectClient(fx.url, {
    vsn: opts.vsn,
    token: opts.user === false ? null : await mintToken(newUserId()),
  });
  clients.push(tc);
  return tc;
}

async function room(
  tc: TestClient,
  name: string,
  config: { self?: boolean; ack?: boolean } = {},
): Promise<{ channel: RealtimeChannel; inbox: Inbox<Msg> }> {
  const inbox = new Inbox<Msg>();
  const channel = tc.client
    .channel(name, { config: { broadcast: config } })
    .on('broadcast', { event: '*' }, (m) => inbox.push(m as Msg));
  await joined(channel);
  return { channel, inbox };
}

describe('broadcast', () => {
  it('reaches the other subscribers of the topic, not the sender unless `self`', async () => {
    const [a, b, c] = await Promise.all([client(), client(), client()]);
    const ra = await room(a, 'lobby');
    const rb = await room(b, 'lobby', { self: true });
    const rc = await room(c, 'another-room');

    await ra.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'a' } });
    await rb.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'b' } });

    await rb.inbox.count(2);
    expect(rb.inbox.items.map((m) => m.payload)).toEqual([{ from: 'a' }, { from: 'b' }]);
    await ra.inbox.next((m) => (m.payload as { from: string }).from === 'b');
    // Both messages were handled (b heard both); a round trip flushes what a and c were sent.
    await roundTrip(a);
    await roundTrip(c);
    expect(ra.inbox.items.map((m) => m.payload)).toEqual([{ from: 'b' }]);
    expect(rc.inbox.items).toEqual([]);
    expect(rb.inbox.items[0]).toMatchObject({ type: 'broadcast', event: 'hello' });
  });

  it('filters by event name on the client and acknowledges when asked', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const sender = await room(a, 'acks', { ack: true });
    const cursor = new Inbox<Msg>();
    const channel = b.client
      .channel('acks')
      .on('broadcast', { event: 'cursor' }, (m) => cursor.push(m as Msg));
    await joined(channel);
    expect(await sender.channel.send({ type: 'broadcast', event: 'typing', payload: {} })).toBe(
      'ok',
    );
    expect(
      await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } }),
    ).toBe('ok');
    // 'typing' was handled before 'cursor' and would have come first on b's socket.
    await cursor.next();
    expect(cursor.items.map((m) => m.event)).toEqual(['cursor']);
  });

  it('carries messages between the 1.0.0 and 2.0.0 serializers', async () => {
    const [v1, v2] = await Promise.all([client({ vsn: '1.0.0' }), client({ vsn: '2.0.0' })]);
    const r1 = await room(v1, 'mixed');
    const r2 = await room(v2, 'mixed');
    await r1.channel.send({ type: 'broadcast', event: 'from-v1', payload: { n: 1, s: 'é' } });
    await r2.channel.send({ type: 'broadcast', event: 'from-v2', payload: { n: 2, s: 'ü' } });
    expect((await r2.inbox.next()).payload).toEqual({ n: 1, s: 'é' });
    expect((await r1.inbox.next()).payload).toEqual({ n: 2, s: 'ü' });
  });

  it('relays binary payloads between 2.0.0 clients byte for byte', async () => {
    const [a, b] = await Promise.all([client({ vsn: '2.0.0' }), client({ vsn: '2.0.0' })]);
    const ra = await room(a, 'bytes');
    const rb = await room(b, 'bytes');
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await ra.channel.send({ type: 'broadcast', event: 'blob', payload: bytes.buffer });
    const got = await rb.inbox.next();
    expect(got.event).toBe('blob');
    expect(got.payload).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(got.payload as ArrayBuffer)]).toEqual([...bytes]);
  });

  it('works for clients without a user session (anon key)', async () => {
    const [a, b] = await Promise.all([client({ user: false }), client({ user: false })]);
    const ra = await room(a, 'public-room');
    const rb = await room(b, 'public-room');
    await ra.channel.send({ type: 'broadcast', event: 'ping', payload: { ok: true } });
    expect((await rb.inbox.next()).payload).toEqual({ ok: true });
  });
});

type PresenceEvent = {
  event: string;
  key?: string;
  newPresences?: unknown[];
  leftPresences?: unknown[];
};

async function presenceRoom(tc: TestClient, name: string, key?: string) {
  const events = new Inbox<PresenceEvent>();
  const channel = tc.client.channel(name, { config: { presence: { key: key ?? '' } } });
  channel
    .on('presence', { event: 'sync' }, () => events.push({ event: 'sync' }))
    .on('presence', { event: 'join' }, (p) => events.push(p as PresenceEvent))
    .on('presence', { event: 'leave' }, (p) => events.push(p as PresenceEvent));
  await joined(channel);
  return { channel, events };
}

describe('presence', () => {
  it('syncs track, update, untrack and leave between clients', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const pa = await presenceRoom(a, 'presence-room', 'alice');
    const pb = await presenceRoom(b, 'presence-room', 'bob');

    expect(await pa.channel.track({ status: 'online' })).toBe('ok');
    await pb.events.next((e) => e.event === 'join' && e.key === 'alice');
    expect(pb.channel.presenceState()).toEqual({
      alice: [{ status: 'online', presence_ref: expect.any(String) }],
    });

    // Re-tracking replaces the entry: the others see the new meta and the old one leave.
    expect(await pa.channel.track({ status: 'away' })).toBe('ok');
    await pb.events.next((e) => e.event === 'leave' && e.key === 'alice');
    expect(pb.channel.presenceState()).toEqual({
      alice: [{ status: 'away', presence_ref: expect.any(String) }],
    });

    expect(await pb.channel.track({ status: 'busy' })).toBe('ok');
    await pa.events.next((e) => e.event === 'join' && e.key === 'bob');
    // The tracking client sees its own entry too.
    await pb.events.next((e) => e.event === 'join' && e.key === 'bob');
    expect(Object.keys(pa.channel.presenceState()).sort()).toEqual(['alice', 'bob']);

    expect(await pa.channel.untrack()).toBe('ok');
    const leaveCount = pb.events.items.filter((e) => e.event === 'leave').length;
    await pb.events.next(
      (e) =>
        e.event === 'leave' &&
        pb.events.items.filter((x) => x.event === 'leave').length > leaveCount,
    );
    expect(Object.keys(pb.channel.presenceState())).toEqual(['bob']);

    // Leaving the channel removes what it tracked.
    await b.client.removeChannel(pb.channel);
    await pa.events.next((e) => e.event === 'leave' && e.key === 'bob');
    expect(pa.channel.presenceState()).toEqual({});
  });

  it('gives a late joiner the current state', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const pa = await presenceRoom(a, 'late-join', 'early');
    expect(await pa.channel.track({ since: 1 })).toBe('ok');
    const pb = await presenceRoom(b, 'late-join', 'late');
    await pb.events.next((e) => e.event === 'sync');
    expect(pb.channel.presenceState()).toEqual({
      early: [{ since: 1, presence_ref: expect.any(String) }],
    });
  });

  it('drops the presence of a client whose socket closes', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const pa = await presenceRoom(a, 'disconnects', 'watcher');
    const pb = await presenceRoom(b, 'disconnects', 'leaver');
    expect(await pb.channel.track({ here: true })).toBe('ok');
    await pa.events.next((e) => e.event === 'join' && e.key === 'leaver');
    await b.client.realtime.disconnect();
    await pa.events.next((e) => e.event === 'leave' && e.key === 'leaver');
    expect(pa.channel.presenceState()).toEqual({});
  });

  it('uses a generated key when the client gives none, one entry per channel', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const pa = await presenceRoom(a, 'anonymous-keys');
    const pb = await presenceRoom(b, 'anonymous-keys');
    await pa.channel.track({ who: 'a' });
    await pb.channel.track({ who: 'b' });
    await pa.events.next(() => Object.keys(pa.channel.presenceState()).length === 2);
    const keys = Object.keys(pa.channel.presenceState());
    expect(keys.every((k) => /^[0-9a-f-]{36}$/.test(k))).toBe(true);
  });
});
