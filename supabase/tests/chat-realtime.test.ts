// Team chat over postgres_changes (docs/chat.md "Realtime"): a message, an edit and a reaction in a
// direct reach its members live; a third user who is not a member, a user with no role and anon
// receive nothing of it over the socket, even when they subscribe to the conversation by filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { anonClient, type Client, type TestUser } from './support.ts';
import { createActors, Fixtures, type SignedIn } from './properties-fixtures.ts';
import { removeConversations, send, type Conversation } from './chat-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let direct: Conversation;

beforeAll(async () => {
  users = await createActors();
  const d = await users.housekeeper.client.rpc('start_direct', {
    user_ids: [users.technician.id],
  });
  expect(d.error).toBeNull();
  direct = d.data as Conversation;
});

afterAll(async () => {
  await removeConversations([direct.id]);
  await fx.cleanup();
});

type Seen = { table: string; event: string; row: Record<string, unknown> }[];

function listen(c: Client, seen: Seen, filter?: string) {
  return new Promise<void>((resolve, reject) => {
    const ch = c.channel(`chat-${randomUUID()}`);
    for (const table of ['messages', 'message_reactions', 'conversation_members'])
      ch.on(
        'postgres_changes',
        { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
        (p) =>
          seen.push({
            table,
            event: p.eventType,
            row: (p.new ?? p.old) as Record<string, unknown>,
          }),
      );
    ch.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
    });
  });
}

/** Everything the server sent this socket before has arrived (docs/testing.md). */
function roundTrip(c: Client) {
  return new Promise<void>((resolve, reject) => {
    const probe = c.channel(`round-trip-${randomUUID()}`);
    probe.subscribe((status) => {
      if (status === 'SUBSCRIBED') void c.removeChannel(probe).then(() => resolve());
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
    });
  });
}

describe('realtime', () => {
  it('a direct’s message, edit and reaction reach its members only', async () => {
    const who = ['housekeeper', 'technician', 'manager', 'admin', 'norole', 'anon'] as const;
    const seen = Object.fromEntries(who.map((w) => [w, [] as Seen])) as Record<
      (typeof who)[number],
      Seen
    >;
    const clients: Client[] = [];
    for (const w of who) {
      const c = w === 'anon' ? anonClient() : users[w].client;
      if (w !== 'anon') {
        const { data } = await c.auth.getSession();
        c.realtime.setAuth(data.session!.access_token);
      }
      clients.push(c);
      // Outsiders even ask for this conversation by name.
      await listen(c, seen[w], `conversation_id=eq.${direct.id}`);
    }
    try {
      const m = await send(users.technician.client, direct.id, 'Gate code changed to 4471');
      await users.technician.client
        .from('messages')
        .update({ body: 'Gate code changed to 4472' })
        .eq('id', m.id);
      const r = await users.housekeeper.client
        .from('message_reactions')
        .insert({ message_id: m.id, conversation_id: direct.id, emoji: '👍' });
      expect(r.error).toBeNull();
      for (const member of ['housekeeper', 'technician'] as const) {
        await expect
          .poll(
            () =>
              seen[member]
                .filter((s) => s.row.id === m.id || s.row.message_id === m.id)
                .map((s) => `${s.table}:${s.event}`)
                .sort(),
            { timeout: 10_000 },
          )
          .toEqual(['message_reactions:INSERT', 'messages:INSERT', 'messages:UPDATE']);
      }
      expect(
        seen.technician.find((s) => s.table === 'messages' && s.event === 'UPDATE')?.row.body,
      ).toBe('Gate code changed to 4472');
      for (const w of ['manager', 'admin', 'norole', 'anon'] as const) {
        await roundTrip(clients[who.indexOf(w)]!);
        expect({ w, seen: seen[w] }).toEqual({ w, seen: [] });
      }
    } finally {
      for (const c of clients) await c.removeAllChannels();
    }
  });
});
