// The Phoenix protocol by hand, and bad input: heartbeats and replies in both serializers,
// malformed frames, unknown topics, oversized payloads and a flood of joins — each refused
// cleanly while the server keeps serving other clients, and nothing crosses between sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  connectClient,
  Inbox,
  joined,
  rawSocket,
  startFixture,
  type Fixture,
  type RawSocket,
  type TestClient,
} from '../fixtures/realtime-project/harness.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

let fx: Fixture;
const sockets: RawSocket[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  fx = await startFixture();
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await Promise.all(clients.map((c) => c.close()));
  await fx?.close();
});

async function socket(params?: Record<string, string>): Promise<RawSocket> {
  const s = await rawSocket(fx.url, params);
  sockets.push(s);
  return s;
}

const reply = (s: RawSocket, ref: string, timeoutMs?: number) =>
  s.frames.next(
    (f) => Array.isArray(f) && f[1] === ref && f[3] === 'phx_reply',
    timeoutMs,
  ) as Promise<Frame>;

/** Proves the server still serves: two fresh supabase-js clients exchange a broadcast. */
async function stillServing(): Promise<void> {
  const [a, b] = await Promise.all([connectClient(fx.url), connectClient(fx.url)]);
  clients.push(a, b);
  const topic = `alive-${Math.random()}`;
  const got = new Inbox<unknown>();
  const ca = a.client.channel(topic);
  const cb = b.client.channel(topic).on('broadcast', { event: 'ping' }, (m) => got.push(m));
  await joined(ca);
  await joined(cb);
  await ca.send({ type: 'broadcast', event: 'ping', payload: {} });
  await got.next();
}

describe('protocol', () => {
  it('answers heartbeats in the 2.0.0 array format', async () => {
    const s = await socket();
    s.send([null, '7', 'phoenix', 'heartbeat', {}]);
    expect(await reply(s, '7')).toEqual([
      null,
      '7',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
  });

  it('answers in the 1.0.0 object format', async () => {
    const s = await socket({ apikey: ANON_KEY, vsn: '1.0.0' });
    s.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3' });
    s.send({
      topic: 'realtime:v1',
      event: 'phx_join',
      payload: { config: {} },
      ref: '4',
      join_ref: '4',
    });
    const frames = await s.frames.count(2);
    expect(frames[0]).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '3',
      join_ref: null,
    });
    expect(frames[1]).toEqual({
      topic: 'realtime:v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '4',
      join_ref: '4',
    });
  });

  it('refuses unknown topics and pushes to channels that were never joined', async () => {
    const s = await socket();
    s.send(['1', '1', 'room:lobby', 'phx_join', {}]);
    s.send(['2', '2', 'realtime:', 'phx_join', {}]);
    s.send([
      null,
      '3',
      'realtime:nowhere',
      'broadcast',
      { type: 'broadcast', event: 'x', payload: {} },
    ]);
    expect((await reply(s, '1'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    expect((await reply(s, '2'))[4]).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect((await reply(s, '3'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
  });

  it('closes the old channel when a topic is joined again', async () => {
    const s = await socket();
    s.send(['1', '1', 'realtime:dup', 'phx_join', { config: {} }]);
    await reply(s, '1');
    s.send(['2', '2', 'realtime:dup', 'phx_join', { config: {} }]);
    const close = (await s.frames.next((f) => Array.isArray(f) && f[3] === 'phx_close')) as Frame;
    expect(close.slice(0, 3)).toEqual(['1', '1', 'realtime:dup']);
    expect((await reply(s, '2'))[4]).toMatchObject({ status: 'ok' });
  });

  it("ignores another socket's join refs: channels belong to their socket", async () => {
    const owner = await socket();
    const intruder = await socket();
    owner.send(['1', '1', 'realtime:mine', 'phx_join', { config: { broadcast: { self: true } } }]);
    await reply(owner, '1');
    intruder.send(['1', '2', 'realtime:mine', 'phx_leave', {}]);
    intruder.send([
      '1',
      '3',
      'realtime:mine',
      'broadcast',
      { type: 'broadcast', event: 'x', payload: {} },
    ]);
    expect((await reply(intruder, '2'))[4]).toMatchObject({ status: 'error' });
    expect((await reply(intruder, '3'))[4]).toMatchObject({ status: 'error' });
    owner.send([
      '1',
      '4',
      'realtime:mine',
      'broadcast',
      { type: 'broadcast', event: 'own', payload: { n: 1 } },
    ]);
    const echo = (await owner.frames.next(
      (f) => Array.isArray(f) && f[3] === 'broadcast',
    )) as Frame;
    expect(echo[4]).toEqual({ type: 'broadcast', event: 'own', payload: { n: 1 } });
  });
});

describe('bad input', () => {
  it.each([
    ['text that is not JSON', 'hello there'],
    ['a JSON object on a 2.0.0 socket', JSON.stringify({ topic: 'phoenix', event: 'heartbeat' })],
    ['a short array', JSON.stringify([null, '1', 'phoenix'])],
    ['a topic that is not a string', JSON.stringify([null, '1', 42, 'heartbeat', {}])],
    ['an unknown binary frame', Buffer.from([9, 9, 9])],
    ['a truncated binary broadcast', Buffer.from([3, 200, 1, 1, 1, 0, 1])],
  ])('closes the socket on %s (1007) and keeps serving', async (_label, frame) => {
    const s = await socket();
    s.send(frame);
    expect((await s.closed).code).toBe(1007);
    await stillServing();
  });

  it('closes a socket that sends a frame over the size limit (1009)', async () => {
    const s = await socket();
    s.send([null, '1', 'realtime:big', 'broadcast', { payload: 'x'.repeat(3 * 1024 * 1024) }]);
    expect((await s.closed).code).toBe(1009);
    await stillServing();
  });

  it('refuses a broadcast payload over the limit and does not deliver it', async () => {
    const sender = await socket();
    const listener = await socket();
    listener.send(['1', '1', 'realtime:sizes', 'phx_join', { config: {} }]);
    await reply(listener, '1');
    sender.send(['1', '1', 'realtime:sizes', 'phx_join', { config: { broadcast: { ack: true } } }]);
    await reply(sender, '1');
    const big = { type: 'broadcast', event: 'big', payload: { blob: 'x'.repeat(1100 * 1024) } };
    sender.send(['1', '2', 'realtime:sizes', 'broadcast', big]);
    expect((await reply(sender, '2'))[4]).toEqual({
      status: 'error',
      response: { reason: 'payload_size_exceeded' },
    });
    sender.send([
      '1',
      '3',
      'realtime:sizes',
      'broadcast',
      { type: 'broadcast', event: 'small', payload: {} },
    ]);
    expect((await reply(sender, '3'))[4]).toEqual({ status: 'ok', response: {} });
    const got = (await listener.frames.next(
      (f) => Array.isArray(f) && f[3] === 'broadcast',
    )) as Frame;
    expect(got[4].event).toBe('small');
    // The refused one was handled before 'small', so it would have come first on this socket.
    expect(
      listener.frames.items.filter((f) => Array.isArray(f) && f[3] === 'broadcast'),
    ).toHaveLength(1);
  });

  it('closes a socket that floods broadcasts (1008) before its fan-out swamps the others', async () => {
    const flooder = await socket();
    const listener = await socket();
    for (const s of [flooder, listener]) {
      s.send(['1', '1', 'realtime:flood-room', 'phx_join', { config: {} }]);
      await reply(s, '1');
    }
    const burst = 1500;
    for (let i = 0; i < burst; i++) {
      flooder.send([
        '1',
        null,
        'realtime:flood-room',
        'broadcast',
        { type: 'broadcast', event: 'spam', payload: { i } },
      ]);
    }
    expect(await flooder.closed).toEqual({ code: 1008, reason: 'Too many messages per second' });
    // The flooder's socket is closed, so nothing more of it is handled; a join's reply on the
    // listener's socket comes after every broadcast it was sent.
    listener.send(['2', '2', 'realtime:after-flood', 'phx_join', { config: {} }]);
    await reply(listener, '2');
    const delivered = listener.frames.items.filter((f) => Array.isArray(f) && f[3] === 'broadcast');
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.length).toBeLessThanOrEqual(1000);
    await stillServing();
  });

  it('refuses 1,000 rapid joins beyond the limits, one reply each, and keeps serving', async () => {
    const s = await socket();
    const n = 1000;
    for (let i = 1; i <= n; i++) {
      s.send([String(i), String(i), `realtime:flood-${i}`, 'phx_join', { config: {} }]);
    }
    const replies = (await s.frames.count(n, 20_000)) as Frame[];
    const byStatus = new Map<string, number>();
    const reasons = new Set<string>();
    for (const f of replies) {
      expect(f[3]).toBe('phx_reply');
      const payload = f[4] as { status: string; response: { reason?: string } };
      byStatus.set(payload.status, (byStatus.get(payload.status) ?? 0) + 1);
      if (payload.response.reason) reasons.add(payload.response.reason);
    }
    expect(new Set(replies.map((f) => f[1])).size).toBe(n);
    expect(byStatus.get('ok')).toBeLessThanOrEqual(100);
    expect(byStatus.get('ok')).toBeGreaterThan(0);
    expect(byStatus.get('ok')! + byStatus.get('error')!).toBe(n);
    for (const reason of reasons) {
      expect([
        'ClientJoinRateLimitReached: Too many joins per second',
        'ChannelRateLimitReached: Too many channels',
      ]).toContain(reason);
    }
    // The flooding socket itself still works, and so does everyone else.
    s.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
    expect((await reply(s, 'hb'))[4]).toEqual({ status: 'ok', response: {} });
    await stillServing();
  });
});
