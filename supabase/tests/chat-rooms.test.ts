// Typing and presence (docs/chat.md "Typing and presence"): the private realtime topic
// `chat-room:<conversation>` lets in whoever reads the conversation and nobody else
// (20261201130000_chat_rooms_private.sql). Members of a direct join, see each other present and
// hear each other type; a third user, a manager who is not in it, a user with no role and anon
// are refused at the join, so they neither see who is there nor type into it. An open channel's
// room lets in all staff; other private topics are not opened by these policies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { anonClient, type Client, type TestUser } from './support.ts';
import { createActors, Fixtures, type SignedIn } from './properties-fixtures.ts';
import { makeChannel, removeConversations, type Conversation } from './chat-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let direct: Conversation;
let open: Conversation;

beforeAll(async () => {
  users = await createActors();
  for (const u of Object.values(users)) {
    const { data } = await u.client.auth.getSession();
    u.client.realtime.setAuth(data.session!.access_token);
  }
  const d = await users.housekeeper.client.rpc('start_direct', {
    user_ids: [users.technician.id],
  });
  expect(d.error).toBeNull();
  direct = d.data as Conversation;
  open = await makeChannel(users.manager.client, `rooms ${randomUUID().slice(0, 8)}`);
});

afterAll(async () => {
  await removeConversations([direct.id, open.id]);
  await fx.cleanup();
});

/** Joins `topic` as a private channel tracking `key`; resolves with the outcome of the join. */
function join(c: Client, topic: string, key: string) {
  const channel = c.channel(topic, {
    config: { private: true, presence: { key }, broadcast: { self: false } },
  });
  const typists: string[] = [];
  channel.on('broadcast', { event: 'typing' }, ({ payload }) =>
    typists.push(String((payload as { user_id: unknown }).user_id)),
  );
  const joined = new Promise<'SUBSCRIBED' | 'REFUSED'>((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') {
        void channel.track({ at: new Date().toISOString() });
        resolve('SUBSCRIBED');
      }
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve('REFUSED');
    });
  });
  return { channel, typists, joined };
}

const present = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

describe('chat rooms (typing and presence)', () => {
  it('lets a direct’s two members in, and refuses everyone else at the join', async () => {
    const topic = `chat-room:${direct.id}`;
    const hk = join(users.housekeeper.client, topic, users.housekeeper.id);
    const tech = join(users.technician.client, topic, users.technician.id);
    try {
      expect(await hk.joined).toBe('SUBSCRIBED');
      expect(await tech.joined).toBe('SUBSCRIBED');
      const both = [users.housekeeper.id, users.technician.id].sort();
      await expect.poll(() => present(hk.channel), { timeout: 10_000 }).toEqual(both);
      await expect.poll(() => present(tech.channel), { timeout: 10_000 }).toEqual(both);
      await tech.channel.send({
        type: 'broadcast',
        event: 'typing',
        payload: { user_id: users.technician.id },
      });
      await expect.poll(() => hk.typists, { timeout: 10_000 }).toEqual([users.technician.id]);

      const outsiders: [string, Client][] = [
        ['manager', users.manager.client],
        ['admin', users.admin.client],
        ['norole', users.norole.client],
        ['anon', anonClient()],
      ];
      for (const [who, c] of outsiders) {
        const o = join(c, topic, `${who}-spy`);
        expect({ who, outcome: await o.joined }).toEqual({ who, outcome: 'REFUSED' });
        await c.removeChannel(o.channel);
      }
      // Nobody refused got into the room's presence.
      expect(present(hk.channel)).toEqual(both);
    } finally {
      await users.housekeeper.client.removeChannel(hk.channel);
      await users.technician.client.removeChannel(tech.channel);
    }
  });

  it('lets all staff into an open channel’s room, not a user with no role, nor other topics', async () => {
    for (const who of ['housekeeper', 'technician', 'manager'] as const) {
      const r = join(users[who].client, `chat-room:${open.id}`, users[who].id);
      expect({ who, outcome: await r.joined }).toEqual({ who, outcome: 'SUBSCRIBED' });
      await users[who].client.removeChannel(r.channel);
    }
    const norole = join(users.norole.client, `chat-room:${open.id}`, users.norole.id);
    expect(await norole.joined).toBe('REFUSED');
    await users.norole.client.removeChannel(norole.channel);
    // A topic that only looks like a room, and another private topic, stay closed.
    for (const topic of [`chat-room:${open.id}x`, `chat-rooms:${open.id}`, 'ops-private']) {
      const r = join(users.manager.client, topic, users.manager.id);
      expect({ topic, outcome: await r.joined }).toEqual({ topic, outcome: 'REFUSED' });
      await users.manager.client.removeChannel(r.channel);
    }
  });
});
