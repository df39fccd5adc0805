// Team chat's functions (docs/chat.md "Functions"): a send replayed five times makes one message
// (by X-Mutation-Id and by argument), mentions, unread counts before and after mark_read,
// start_direct finds the same conversation from either side, threads on cleans and work orders,
// search over what the caller may read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createUser, serviceClient, type TestUser } from './support.ts';
import { createActors, Fixtures, type Property, type SignedIn } from './properties-fixtures.ts';
import {
  makeChannel,
  removeConversations,
  send,
  unreadOf,
  type Conversation,
  type Message,
} from './chat-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let third: TestUser;
let villa: Property;
let open: Conversation;
const made: string[] = [];

beforeAll(async () => {
  users = await createActors();
  third = await createUser('chat-third', ['housekeeper']);
  fx.trackUsers(third);
  villa = await fx.property({ name: 'Chat Functions Villa' });
  open = await makeChannel(
    users.manager.client,
    `fn-open-${Math.random().toString(36).slice(2, 8)}`,
  );
  made.push(open.id);
});

afterAll(async () => {
  await removeConversations(made);
  await fx.cleanup();
});

async function messagesWith(mutationId: string): Promise<Message[]> {
  const { data, error } = await serviceClient()
    .from('messages')
    .select('*')
    .eq('mutation_id', mutationId);
  expect(error).toBeNull();
  return data ?? [];
}

describe('send_message', () => {
  it('an offline send replayed five times (X-Mutation-Id) makes one message', async () => {
    const mid = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        users.housekeeper.client
          .rpc('send_message', { conversation_id: open.id, body: 'Sent from the basement' })
          .setHeader('X-Mutation-Id', mid),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    const ids = new Set(results.map((r) => (r.data as Message).id));
    expect(ids.size).toBe(1);
    expect(await messagesWith(mid)).toHaveLength(1);
    // A day later, once more: still one.
    const again = await users.housekeeper.client
      .rpc('send_message', { conversation_id: open.id, body: 'Sent from the basement' })
      .setHeader('X-Mutation-Id', mid);
    expect((again.data as Message).id).toBe([...ids][0]);
    expect(await messagesWith(mid)).toHaveLength(1);
    // Another user reusing the id sends their own.
    const other = await users.technician.client
      .rpc('send_message', { conversation_id: open.id, body: 'Mine' })
      .setHeader('X-Mutation-Id', mid);
    expect(other.error).toBeNull();
    expect(await messagesWith(mid)).toHaveLength(2);
  });

  it('the mutation id as an argument, and a plain insert replayed with its id, once too', async () => {
    const mid = randomUUID();
    for (let i = 0; i < 5; i++) {
      const r = await users.technician.client.rpc('send_message', {
        conversation_id: open.id,
        body: 'Parts ordered',
        mutation_id: mid,
      });
      expect(r.error).toBeNull();
    }
    expect(await messagesWith(mid)).toHaveLength(1);
    const id = randomUUID();
    const mid2 = randomUUID();
    for (let i = 0; i < 5; i++) {
      const r = await users.technician.client
        .from('messages')
        .insert({ id, conversation_id: open.id, body: 'Queued on the phone' })
        .setHeader('X-Mutation-Id', mid2);
      expect(r.error).toBeNull();
    }
    const { data } = await serviceClient().from('messages').select('id').eq('id', id);
    expect(data).toHaveLength(1);
  });

  it('mentions come from the body (@[Name](id)) or the argument; replies stay in their conversation', async () => {
    const m = await send(
      users.manager.client,
      open.id,
      `@[Maria](${users.housekeeper.id}) and @[Nobody](${randomUUID()}) please check`,
    );
    expect(m.mentions).toEqual([users.housekeeper.id]);
    const r = await users.manager.client.rpc('send_message', {
      conversation_id: open.id,
      body: 'Reply',
      reply_to: m.id,
      mentions: [users.technician.id],
    });
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ reply_to: m.id, mentions: [users.technician.id] });
    const other = await makeChannel(users.manager.client, `fn-other-${randomUUID().slice(0, 6)}`);
    made.push(other.id);
    const wrong = await users.manager.client.rpc('send_message', {
      conversation_id: other.id,
      body: 'Reply elsewhere',
      reply_to: m.id,
    });
    expect(wrong.error?.code).toBe('22023');
  });
});

describe('unread counts', () => {
  it('counts others’ messages and mentions; mark_read clears them; own messages never count', async () => {
    const ch = await makeChannel(users.manager.client, `fn-unread-${randomUUID().slice(0, 6)}`);
    made.push(ch.id);
    const t = users.technician.client;
    expect((await unreadOf(t, ch.id))?.unread ?? 0).toBe(0);
    await send(users.manager.client, ch.id, 'One');
    await send(users.manager.client, ch.id, 'Two');
    await send(users.manager.client, ch.id, `Three for @[Giorgos](${users.technician.id})`);
    await send(t, ch.id, 'Mine does not count');
    // A first message gives the writer a read mark at it; their own never count.
    expect(await unreadOf(t, ch.id)).toMatchObject({ unread: 0, mentions: 0 });
    await send(users.manager.client, ch.id, `Four for @[Giorgos](${users.technician.id})`);
    await send(users.manager.client, ch.id, 'Five');
    expect(await unreadOf(t, ch.id)).toMatchObject({ unread: 2, mentions: 1 });
    // Someone who never opened it: the whole recent history.
    expect(await unreadOf(users.housekeeper.client, ch.id)).toMatchObject({
      unread: 6,
      mentions: 0,
    });
    const mark = await t.rpc('mark_read', { conversation_id: ch.id });
    expect(mark.error).toBeNull();
    expect(await unreadOf(t, ch.id)).toMatchObject({ unread: 0, mentions: 0 });
    // Idempotent, and per person.
    expect((await t.rpc('mark_read', { conversation_id: ch.id })).error).toBeNull();
    expect((await unreadOf(users.housekeeper.client, ch.id))?.unread).toBe(6);
    await send(users.manager.client, ch.id, 'Six');
    expect(await unreadOf(t, ch.id)).toMatchObject({ unread: 1 });
    // A deleted message does not count.
    const seven = await send(users.manager.client, ch.id, 'Seven');
    await users.manager.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', seven.id);
    expect(await unreadOf(t, ch.id)).toMatchObject({ unread: 1 });
    // Read up to a message.
    const h = users.housekeeper.client;
    const { data: list } = await h
      .from('messages')
      .select('id, body')
      .eq('conversation_id', ch.id)
      .order('created_at');
    const two = list!.find((m) => m.body === 'Two')!;
    expect(
      (await h.rpc('mark_read', { conversation_id: ch.id, message_id: two.id })).error,
    ).toBeNull();
    expect((await unreadOf(h, ch.id))?.unread).toBe(5);
  });
});

describe('start_direct', () => {
  it('finds the same direct from either side; a group by its exact members', async () => {
    const a = await users.housekeeper.client.rpc('start_direct', {
      user_ids: [users.technician.id],
    });
    expect(a.error).toBeNull();
    const conv = a.data as Conversation;
    made.push(conv.id);
    expect(conv).toMatchObject({ kind: 'direct', private: true });
    const b = await users.technician.client.rpc('start_direct', {
      user_ids: [users.housekeeper.id, users.technician.id],
    });
    expect((b.data as Conversation).id).toBe(conv.id);
    const g1 = await users.housekeeper.client.rpc('start_direct', {
      user_ids: [users.technician.id, third.id],
      name: 'Oia team',
    });
    expect(g1.error).toBeNull();
    const group = g1.data as Conversation;
    made.push(group.id);
    expect(group).toMatchObject({ kind: 'group', name: 'Oia team' });
    const g2 = await third.client.rpc('start_direct', {
      user_ids: [users.technician.id, users.housekeeper.id],
    });
    expect((g2.data as Conversation).id).toBe(group.id);
    const { data: members } = await serviceClient()
      .from('conversation_members')
      .select('user_id')
      .eq('conversation_id', group.id);
    expect(new Set(members!.map((m) => m.user_id))).toEqual(
      new Set([users.housekeeper.id, users.technician.id, third.id]),
    );
    // A third person cannot join a direct, nor leave it.
    const join = await third.client
      .from('conversation_members')
      .insert({ conversation_id: conv.id, user_id: third.id })
      .select();
    expect(join.error?.code).toBe('42501');
    const leave = await users.housekeeper.client
      .from('conversation_members')
      .delete()
      .eq('conversation_id', conv.id)
      .eq('user_id', users.housekeeper.id)
      .select();
    expect(leave.data ?? []).toEqual([]);
  });

  it('refuses nobody, oneself alone and people without chat', async () => {
    const self = await users.housekeeper.client.rpc('start_direct', {
      user_ids: [users.housekeeper.id],
    });
    expect(self.error?.code).toBe('22023');
    const norole = await users.housekeeper.client.rpc('start_direct', {
      user_ids: [users.norole.id],
    });
    expect(norole.error?.code).toBe('PT404');
    const ghost = await users.housekeeper.client.rpc('start_direct', { user_ids: [randomUUID()] });
    expect(ghost.error?.code).toBe('PT404');
  });
});

describe('threads and search', () => {
  it('a thread on a work order: opened once, read by whoever sees the work order', async () => {
    const { data: wo, error } = await serviceClient()
      .from('work_orders')
      .insert({ property_id: villa.id, title: 'Chat test: dripping tap' })
      .select()
      .single();
    expect(error).toBeNull();
    const a = await users.housekeeper.client.rpc('open_thread', { work_order_id: wo!.id });
    expect(a.error).toBeNull();
    const thread = a.data as Conversation;
    expect(thread).toMatchObject({ kind: 'thread', work_order_id: wo!.id });
    const b = await users.technician.client.rpc('open_thread', { work_order_id: wo!.id });
    expect((b.data as Conversation).id).toBe(thread.id);
    await send(users.technician.client, thread.id, 'Washer replaced on the tap');
    const norole = await users.norole.client.rpc('open_thread', { work_order_id: wo!.id });
    expect(norole.error?.code).toBe('42501');
    const none = await users.housekeeper.client.rpc('open_thread', { work_order_id: randomUUID() });
    expect(none.error?.code).toBe('PT404');
    const both = await users.housekeeper.client.rpc('open_thread', {
      work_order_id: wo!.id,
      clean_id: randomUUID(),
    });
    expect(both.error?.code).toBe('22023');
    // Search by villa finds the thread's message, by person and text too.
    const byVilla = await users.manager.client.rpc('search_messages', { villa: villa.id });
    expect((byVilla.data as Message[]).map((m) => m.body)).toContain('Washer replaced on the tap');
    const byPerson = await users.housekeeper.client.rpc('search_messages', {
      q: 'washer',
      person: users.technician.id,
    });
    expect((byPerson.data as Message[]).map((m) => m.conversation_id)).toContain(thread.id);
    const nothing = await users.housekeeper.client.rpc('search_messages', {});
    expect(nothing.error?.code).toBe('22023');
    // Wildcards are text.
    const pct = await users.housekeeper.client.rpc('search_messages', { q: '%' });
    expect(pct.error).toBeNull();
    expect((pct.data as Message[]).every((m) => m.body.includes('%'))).toBe(true);
  });
});
