// unread_counts() counts per conversation the caller reads (docs/chat.md "Unread counts at size"):
// the conversations under the caller's RLS, their messages by a definer helper. A direct's two
// members get its row with the right count; a third user, a manager and a user with no role get
// no row for it at all, and the helper is not theirs to call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, Fixtures, type SignedIn } from './properties-fixtures.ts';
import { serviceClient, type TestUser } from './support.ts';
import { removeConversations, send, unreadOf, type Conversation } from './chat-fixtures.ts';

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

describe('unread_counts', () => {
  it('counts a direct for its members only, at most 100', async () => {
    for (let i = 0; i < 3; i++) await send(users.housekeeper.client, direct.id, `Towels ${i}`);
    expect(await unreadOf(users.technician.client, direct.id)).toMatchObject({
      unread: 3,
      mentions: 0,
    });
    expect((await unreadOf(users.housekeeper.client, direct.id))?.unread ?? 0).toBe(0);
    for (const who of ['manager', 'admin', 'norole'] as const) {
      const res = await users[who].client.rpc('unread_counts');
      if (who === 'norole') expect(res.error?.code).toBe('42501');
      else expect(res.data?.some((r) => r.conversation_id === direct.id)).toBe(false);
    }
    const many = Array.from({ length: 110 }, (_, i) => ({
      conversation_id: direct.id,
      author_id: users.housekeeper.id,
      body: `Stock check ${i}`,
      mutation_id: crypto.randomUUID(),
    }));
    // Written by the office's service client: 110 sends through the API would only be slower.
    const ins = await serviceClient().from('messages').insert(many);
    expect(ins.error).toBeNull();
    expect((await unreadOf(users.technician.client, direct.id))?.unread).toBe(100);
  });

  it('keeps the counting helper out of reach of the API', async () => {
    const res = await users.manager.client.schema('private' as 'public').rpc(
      'chat_unread_since' as 'unread_counts',
      {
        conversation: direct.id,
        since: '2000-01-01T00:00:00Z',
      } as never,
    );
    expect(res.data).toBeNull();
    expect(res.error).not.toBeNull();
  });
});
