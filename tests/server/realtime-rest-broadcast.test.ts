// Realtime's REST broadcast (POST /realtime/v1/api/broadcast and
// /api/broadcast/{topic}/events/{event}): what supabase-js uses for channel.httpSend() and for
// send() on a channel that is not subscribed. Messages reach socket subscribers as a socket
// broadcast does; a private topic needs the realtime.messages INSERT policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  connectClient,
  Inbox,
  joined,
  mintToken,
  newUserId,
  startFixture,
  type Fixture,
  type TestClient,
} from '../fixtures/realtime-project/harness.ts';

type Row = Record<string, unknown>;
type Message = { event: string; payload: Row };

let fx: Fixture;
const clients: TestClient[] = [];

beforeAll(async () => {
  fx = await startFixture();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await fx?.close();
});

async function client(token: string | null) {
  const tc = await connectClient(fx.url, { token });
  clients.push(tc);
  return tc;
}

async function listen(token: string | null, topic: string, isPrivate = false) {
  const tc = await client(token);
  const inbox = new Inbox<Message>();
  const channel = tc.client
    .channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, (m) =>
      inbox.push({ event: m.event, payload: m.payload as Row }),
    );
  await joined(channel);
  return inbox;
}

function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${fx.url}/realtime/v1/api/broadcast${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
}

describe('public topics', () => {
  it('delivers httpSend() and send() on an unsubscribed channel to subscribers', async () => {
    const inbox = await listen(null, 'lobby');
    const sender = await client(null);
    const channel = sender.client.channel('lobby');
    expect(await channel.httpSend('hello', { n: 1 })).toEqual({ success: true });
    expect(await inbox.next((m) => m.event === 'hello')).toEqual({
      event: 'hello',
      payload: { n: 1 },
    });
    expect(await channel.send({ type: 'broadcast', event: 'batch', payload: { n: 2 } })).toBe('ok');
    expect(await inbox.next((m) => m.event === 'batch')).toEqual({
      event: 'batch',
      payload: { n: 2 },
    });
  });

  it('answers 202 with an empty body to plain fetch, 401 for a bad token, 400 for a bad body', async () => {
    const inbox = await listen(null, 'plain');
    const auth = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` };
    const ok = await post(
      '',
      JSON.stringify({ messages: [{ topic: 'plain', event: 'ping', payload: { a: 1 } }] }),
      auth,
    );
    expect(ok.status).toBe(202);
    expect(await ok.text()).toBe('');
    expect((await inbox.next()).payload).toEqual({ a: 1 });

    const single = await post('/plain/events/pong', JSON.stringify({ b: 2 }), auth);
    expect(single.status).toBe(202);
    expect(await inbox.next((m) => m.event === 'pong')).toEqual({
      event: 'pong',
      payload: { b: 2 },
    });

    const forged = await mintToken(newUserId(), { secret: 'x'.repeat(40) });
    const bad = await post('/plain/events/pong', '{}', {
      apikey: ANON_KEY,
      Authorization: `Bearer ${forged}`,
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: 'Failed to validate JWT signature' });
    expect((await post('/plain/events/pong', '{}', {})).status).toBe(401);
    expect((await post('/plain/events/pong', '{}', { apikey: 'nope' })).status).toBe(401);

    expect((await post('', 'not json', auth)).status).toBe(400);
    expect((await post('', JSON.stringify({ messages: [] }), auth)).status).toBe(400);
    expect((await post('', JSON.stringify({ messages: [{ event: 'x' }] }), auth)).status).toBe(400);
    expect((await post('/plain/events/pong', '{broken', auth)).status).toBe(400);
    // Storing a broadcast for replay (persist) is not supported here.
    expect((await post('/plain/events/pong?persist=true', '{}', auth)).status).toBe(400);
    // Only the two accepted messages arrived.
    expect(inbox.items.map((m) => m.event)).toEqual(['ping', 'pong']);
  });
});

describe('private topics', () => {
  const room = 'room-rest';
  const writer = newUserId();
  const reader = newUserId();

  beforeAll(async () => {
    await fx.server.db.query(
      'insert into room_members (room, user_id, can_write) values ($1, $2, true), ($1, $3, false)',
      [room, writer, reader],
    );
  });

  it('needs the realtime.messages insert policy, as a socket broadcast does', async () => {
    const inbox = await listen(await mintToken(reader), room, true);

    const readerClient = await client(await mintToken(reader));
    const refused = readerClient.client.channel(room, { config: { private: true } });
    await expect(refused.httpSend('say', { text: 'nope' })).rejects.toThrow(
      `You do not have permissions to write to this Channel topic: ${room}`,
    );
    expect(await refused.send({ type: 'broadcast', event: 'say', payload: { text: 'no' } })).toBe(
      'error',
    );
    const anon = (await client(null)).client.channel(room, { config: { private: true } });
    await expect(anon.httpSend('say', { text: 'anon' })).rejects.toThrow();
    const stranger = await mintToken(newUserId());
    const raw = await post(
      '',
      JSON.stringify({ messages: [{ topic: room, event: 'say', payload: {}, private: true }] }),
      { apikey: ANON_KEY, Authorization: `Bearer ${stranger}` },
    );
    expect(raw.status).toBe(403);

    const writerClient = await client(await mintToken(writer));
    const allowed = writerClient.client.channel(room, { config: { private: true } });
    expect(await allowed.httpSend('say', { text: 'hi' })).toEqual({ success: true });
    expect(
      await allowed.send({ type: 'broadcast', event: 'say', payload: { text: 'again' } }),
    ).toBe('ok');
    await inbox.count(2);
    // Delivery is synchronous before the 202: the refused messages never reached anyone.
    expect(inbox.items.map((m) => m.payload)).toEqual([{ text: 'hi' }, { text: 'again' }]);
  });

  it('keeps the private topic apart from the public topic of the same name', async () => {
    const pub = await listen(null, room);
    const priv = await listen(await mintToken(reader), room, true);
    const sender = (await client(null)).client.channel(room);
    expect(await sender.httpSend('open', { to: 'public' })).toEqual({ success: true });
    expect((await pub.next()).payload).toEqual({ to: 'public' });
    const writerSend = (await client(await mintToken(writer))).client.channel(room, {
      config: { private: true },
    });
    expect(await writerSend.httpSend('closed', { to: 'private' })).toEqual({ success: true });
    expect((await priv.next()).payload).toEqual({ to: 'private' });
    expect(pub.items).toHaveLength(1);
    expect(priv.items).toHaveLength(1);
  });
});
