// Chat follow-ups of issue 31 (docs/chat.md "Search", "Orphan files", "Indexes"), on PGlite and
// PostgreSQL 15: search_messages in two steps (the trigram index's candidates from
// private.chat_search_ids, read again under the caller's RLS) answers each role what it read
// before and nothing more; private.chat_search_ids is refused to every API caller; a deleted
// message's file is removed by its author or the channel's moderator, never by another member,
// and is then gone (listing and download refuse).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  deleteUsers,
  serviceClient,
  type Client,
  type TestUser,
} from '../../supabase/tests/support.ts';
import { createActors, type SignedIn } from '../../supabase/tests/properties-fixtures.ts';
import { makeChannel, removeConversations, send } from '../../supabase/tests/chat-fixtures.ts';

const BUCKET = 'chat-attachments';
let users: Record<SignedIn, TestUser>;
const made: string[] = [];
const files: string[] = [];
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  users = await createActors();
});
afterAll(async () => {
  if (files.length > 0) await serviceClient().storage.from(BUCKET).remove(files);
  await removeConversations(made);
  await deleteUsers(Object.values(users ?? {}));
});

describe('search by text through the trigram step', () => {
  it('answers members what they read, a non-member of a private channel nothing', async () => {
    const priv = await makeChannel(users.manager.client, `Search ${run}`, {
      isPrivate: true,
      members: [users.housekeeper.id],
    });
    const open = await makeChannel(users.manager.client, `Search open ${run}`);
    made.push(priv.id, open.id);
    const secret = `cracked tile ${run}`;
    const a = await send(users.housekeeper.client, priv.id, `The ${secret} in the pool house`);
    const b = await send(users.technician.client, open.id, `Another ${secret}, by the gate`);
    const ids = async (c: Client, q: string) => {
      const { data, error } = await c.rpc('search_messages', { q, max_rows: 50 });
      expect(error).toBeNull();
      return (data as { id: string }[]).map((m) => m.id);
    };
    expect(await ids(users.housekeeper.client, secret)).toEqual([b.id, a.id]);
    expect(await ids(users.manager.client, secret.toUpperCase())).toEqual([b.id, a.id]);
    expect(await ids(users.technician.client, secret)).toEqual([b.id]);
    expect(await ids(users.admin.client, secret)).toEqual([b.id]);
    // By person alone, and the text as text (`%` is not a wildcard).
    const { data: byPerson } = await users.housekeeper.client.rpc('search_messages', {
      person: users.housekeeper.id,
    });
    expect((byPerson as { id: string }[]).map((m) => m.id)).toContain(a.id);
    expect(await ids(users.housekeeper.client, `cracked%${run}`)).toEqual([]);
    // No role and anon: refused.
    expect((await users.norole.client.rpc('search_messages', { q: secret })).error?.code).toBe(
      '42501',
    );
    expect((await anonClient().rpc('search_messages', { q: secret })).error).not.toBeNull();
  });

  it('private.chat_search_ids is no API caller’s, whatever their role', async () => {
    const args = { conversations: [], pattern: '%', person: null, max_rows: 10 };
    for (const c of [anonClient(), ...Object.values(users).map((u) => u.client)]) {
      const { data, error } = await (
        c as unknown as {
          schema: (s: string) => Client;
        }
      )
        .schema('private')
        .rpc('chat_search_ids' as never, args as never);
      expect(error).not.toBeNull();
      expect(data).toBeNull();
    }
  });
});

describe("a deleted message's files", () => {
  const pdf = () => new Blob(['%PDF-1.7\nfile\n%%EOF\n'], { type: 'application/pdf' });

  async function withFile(author: TestUser, conversationId: string) {
    const path = `${conversationId}/${author.id}/${crypto.randomUUID()}-note.pdf`;
    const up = await author.client.storage
      .from(BUCKET)
      .upload(path, pdf(), { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    files.push(path);
    const { data, error } = await author.client.rpc('send_message', {
      conversation_id: conversationId,
      body: 'see file',
      attachments: [{ path, name: 'note.pdf', type: 'application/pdf', size: 20 }],
    });
    expect(error).toBeNull();
    return { path, id: (data as { id: string }).id };
  }
  const gone = async (reader: Client, path: string) => {
    const folder = path.slice(0, path.lastIndexOf('/'));
    const listed = (await serviceClient().storage.from(BUCKET).list(folder)).data ?? [];
    expect(listed.some((f) => path.endsWith(f.name))).toBe(false);
    expect((await reader.storage.from(BUCKET).download(path)).error).not.toBeNull();
    expect((await serviceClient().storage.from(BUCKET).exists(path)).data).toBe(false);
  };

  it('the author removes them after the delete; another member cannot', async () => {
    const open = await makeChannel(users.manager.client, `Files ${run}`);
    made.push(open.id);
    const { path, id } = await withFile(users.technician, open.id);
    // Another member reads the file but removes nothing.
    expect((await users.housekeeper.client.storage.from(BUCKET).download(path)).error).toBeNull();
    expect((await users.housekeeper.client.storage.from(BUCKET).remove([path])).data ?? []).toEqual(
      [],
    );
    expect((await serviceClient().storage.from(BUCKET).exists(path)).data).toBe(true);
    // As the app does: the row first, then its files.
    const del = await users.technician.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id);
    expect(del.error).toBeNull();
    const removed = await users.technician.client.storage.from(BUCKET).remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    await gone(users.technician.client, path);
  });

  it("the channel's moderator removes a member's; anon and no role nothing", async () => {
    const open = await makeChannel(users.manager.client, `Files mod ${run}`);
    made.push(open.id);
    const { path, id } = await withFile(users.housekeeper, open.id);
    for (const c of [anonClient(), users.norole.client, users.technician.client])
      expect((await c.storage.from(BUCKET).remove([path])).data ?? []).toEqual([]);
    expect((await serviceClient().storage.from(BUCKET).exists(path)).data).toBe(true);
    const del = await users.manager.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id);
    expect(del.error).toBeNull();
    const removed = await users.manager.client.storage.from(BUCKET).remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    await gone(users.housekeeper.client, path);
  });
});
