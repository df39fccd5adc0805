// Team chat through supabase-js, per role and per membership (docs/chat.md): open channels read by
// all staff; private channels and directs by their members only (by id, by embedding, messages,
// reactions, members); a villa channel by whoever sees the villa; only the author edits; managers
// moderate; nobody writes another's reactions or read state; anon and a user with no role nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  outcome,
  serviceClient,
  type Client,
  type TestUser,
} from './support.ts';
import {
  createActors,
  Fixtures,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';
import {
  makeChannel,
  removeConversations,
  send,
  villaChannel,
  type Conversation,
  type Message,
} from './chat-fixtures.ts';

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let noVilla: TestUser; // a housekeeper who may not see villas (properties.view removed)
let villa: Property;
let villaConv: Conversation;
let open: Conversation;
let priv: Conversation;
let direct: Conversation;
let openMsg: Message;
let privMsg: Message;
let directMsg: Message;
const made: string[] = [];
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

beforeAll(async () => {
  users = await createActors();
  noVilla = await createUser('chat-novilla', ['housekeeper']);
  fx.trackUsers(noVilla);
  const { error } = await serviceClient()
    .from('custom_permissions')
    .insert({ user_id: noVilla.id, permission_key: 'properties.view', granted: false });
  expect(error).toBeNull();
  villa = await fx.property({ name: 'Chat RLS Villa' });
  villaConv = await villaChannel(villa.id);
  const suffix = Math.random().toString(36).slice(2, 8);
  open = await makeChannel(users.manager.client, `rls-open-${suffix}`);
  priv = await makeChannel(users.manager.client, `rls-private-${suffix}`, {
    isPrivate: true,
    members: [users.housekeeper.id],
  });
  const d = await users.housekeeper.client.rpc('start_direct', {
    user_ids: [users.technician.id],
  });
  expect(d.error).toBeNull();
  direct = d.data as Conversation;
  made.push(open.id, priv.id, direct.id);
  openMsg = await send(users.housekeeper.client, open.id, 'Towels for Villa Anemos are in the van');
  privMsg = await send(users.housekeeper.client, priv.id, 'Private: the owner calls at 5');
  directMsg = await send(users.technician.client, direct.id, 'Can you open the gate at 3?');
  const r = await users.housekeeper.client
    .from('message_reactions')
    .insert({ message_id: directMsg.id, conversation_id: direct.id, emoji: '👍' });
  expect(r.error).toBeNull();
});

afterAll(async () => {
  await removeConversations(made);
  await fx.cleanup();
});

async function reads(actor: Actor, conversationId: string) {
  return outcome(await clientOf(actor).from('conversations').select('id').eq('id', conversationId));
}
async function readsMessages(actor: Actor, conversationId: string) {
  return outcome(
    await clientOf(actor).from('messages').select('id').eq('conversation_id', conversationId),
  );
}

describe('who reads which conversation', () => {
  it('a villa channel is made with the villa, named after it, read by whoever sees the villa', async () => {
    expect(villaConv).toMatchObject({ kind: 'villa', name: 'Chat RLS Villa', private: false });
    const expected: Record<Actor, string> = {
      anon: 'denied',
      norole: 'none',
      housekeeper: 'ok',
      technician: 'ok',
      manager: 'ok',
      admin: 'ok',
    };
    for (const actor of Object.keys(expected) as Actor[])
      expect({ actor, o: await reads(actor, villaConv.id) }).toEqual({ actor, o: expected[actor] });
    expect(
      outcome(await noVilla.client.from('conversations').select('id').eq('id', villaConv.id)),
    ).toBe('none');
    // Renamed with the villa.
    await serviceClient()
      .from('properties')
      .update({ name: 'Chat RLS Villa 2' })
      .eq('id', villa.id);
    expect((await villaChannel(villa.id)).name).toBe('Chat RLS Villa 2');
  });

  it('a thread on a clean: read by whoever sees the clean (the demo thread of a planned clean)', async () => {
    const thread = 'c4a70000-0000-4000-8000-000000000011';
    for (const actor of ['housekeeper', 'technician', 'manager', 'admin'] as const)
      expect({ actor, o: await reads(actor, thread) }).toEqual({ actor, o: 'ok' });
    expect(await reads('norole', thread)).toBe('none');
    const blind = await createUser('chat-nohousekeeping', ['housekeeper']);
    fx.trackUsers(blind);
    await serviceClient()
      .from('custom_permissions')
      .insert({ user_id: blind.id, permission_key: 'housekeeping.view', granted: false });
    expect(outcome(await blind.client.from('conversations').select('id').eq('id', thread))).toBe(
      'none',
    );
    expect(
      outcome(await blind.client.from('messages').select('id').eq('conversation_id', thread)),
    ).toBe('none');
    // The same person still reads the open channels.
    expect(outcome(await blind.client.from('conversations').select('id').eq('id', open.id))).toBe(
      'ok',
    );
  });

  it('an open channel: every role with chat.use reads it and its messages; anon and no role nothing', async () => {
    for (const actor of ['housekeeper', 'technician', 'manager', 'admin'] as const) {
      expect({ actor, o: await reads(actor, open.id) }).toEqual({ actor, o: 'ok' });
      expect({ actor, o: await readsMessages(actor, open.id) }).toEqual({ actor, o: 'ok' });
    }
    expect(await reads('norole', open.id)).toBe('none');
    expect(await readsMessages('norole', open.id)).toBe('none');
    expect(await reads('anon', open.id)).toBe('denied');
    expect(await readsMessages('anon', open.id)).toBe('denied');
  });

  it('a private channel and a direct: members only, by id, by message id and by embedding', async () => {
    const cases: [Conversation, Message, SignedIn[], SignedIn[]][] = [
      [priv, privMsg, ['housekeeper', 'manager'], ['technician', 'admin', 'norole']],
      [direct, directMsg, ['housekeeper', 'technician'], ['manager', 'admin', 'norole']],
    ];
    for (const [conv, msg, members, others] of cases) {
      for (const actor of members) {
        expect({ actor, o: await reads(actor, conv.id) }).toEqual({ actor, o: 'ok' });
        expect({ actor, o: await readsMessages(actor, conv.id) }).toEqual({ actor, o: 'ok' });
      }
      for (const actor of others) {
        const c = clientOf(actor);
        expect({ actor, o: await reads(actor, conv.id) }).toEqual({ actor, o: 'none' });
        expect({ actor, o: await readsMessages(actor, conv.id) }).toEqual({ actor, o: 'none' });
        expect(outcome(await c.from('messages').select('id').eq('id', msg.id))).toBe('none');
        expect(
          outcome(await c.from('conversation_members').select('id').eq('conversation_id', conv.id)),
        ).toBe('none');
        expect(
          outcome(await c.from('message_reactions').select('id').eq('conversation_id', conv.id)),
        ).toBe('none');
        // Embedding from a conversation the caller reads never reaches another's messages, and a
        // message embeds no conversation the caller does not read.
        const emb = await c
          .from('conversations')
          .select('id, messages(id, body)')
          .in('id', [open.id, conv.id]);
        expect(emb.error).toBeNull();
        const bodies = (emb.data ?? []).flatMap((x) => x.messages.map((m) => m.body));
        expect(bodies).not.toContain(msg.body);
        const back = await c
          .from('message_reactions')
          .select('id, messages(body, conversations(name))')
          .eq('message_id', msg.id);
        expect(back.data ?? []).toEqual([]);
        // Search finds nothing there either.
        if (actor !== 'norole') {
          const s = await c.rpc('search_messages', { q: msg.body.slice(0, 12) });
          expect(s.error).toBeNull();
          expect((s.data as Message[]).map((m) => m.id)).not.toContain(msg.id);
        }
      }
      expect(await reads('anon', conv.id)).toBe('denied');
    }
  });

  it('a non-member neither writes in a private channel nor joins it', async () => {
    const t = users.technician.client;
    const rpc = await t.rpc('send_message', { conversation_id: priv.id, body: 'let me in' });
    expect(rpc.error?.code).toBe('PT404');
    const ins = await t
      .from('messages')
      .insert({ conversation_id: priv.id, body: 'let me in' })
      .select();
    expect(outcome(ins)).toBe('denied');
    const join = await t
      .from('conversation_members')
      .insert({ conversation_id: priv.id, user_id: users.technician.id })
      .select();
    expect(outcome(join)).toBe('denied');
    const mark = await t.rpc('mark_read', { conversation_id: priv.id });
    expect(mark.error?.code).toBe('PT404');
    const react = await t
      .from('message_reactions')
      .insert({ message_id: privMsg.id, conversation_id: priv.id, emoji: '👀' });
    expect(react.error?.code).toBe('42501');
  });

  it('anon and a user with no role: refused everywhere', async () => {
    const anon = await anonClient().rpc('send_message', { conversation_id: open.id, body: 'hi' });
    expect(anon.error?.code).toBe('42501');
    const nr = await users.norole.client.rpc('send_message', {
      conversation_id: open.id,
      body: 'hi',
    });
    expect(nr.error?.code).toBe('42501');
    const ins = await users.norole.client
      .from('messages')
      .insert({ conversation_id: open.id, body: 'hi' })
      .select();
    expect(outcome(ins)).toBe('denied');
    for (const fn of ['unread_counts', 'start_direct', 'mark_read'] as const) {
      const args =
        fn === 'start_direct'
          ? { user_ids: [users.housekeeper.id] }
          : fn === 'mark_read'
            ? { conversation_id: open.id }
            : {};
      const r = await users.norole.client.rpc(fn, args as never);
      expect({ fn, code: r.error?.code }).toEqual({ fn, code: '42501' });
    }
  });
});

describe('writing', () => {
  it('only the author edits; an edit is marked, a delete is soft and final', async () => {
    const m = await send(users.technician.client, open.id, 'Pump is fixed');
    const other = await users.housekeeper.client
      .from('messages')
      .update({ body: 'Pump is broken' })
      .eq('id', m.id)
      .select();
    expect(outcome(other)).toBe('none');
    // A manager moderates, but does not put words in someone's mouth.
    const mod = await users.manager.client
      .from('messages')
      .update({ body: 'Pump is broken' })
      .eq('id', m.id)
      .select();
    expect(mod.error?.code).toBe('42501');
    const own = await users.technician.client
      .from('messages')
      .update({ body: 'Pump is fixed, tested for an hour' })
      .eq('id', m.id)
      .select()
      .single();
    expect(own.error).toBeNull();
    expect(own.data?.edited_at).not.toBeNull();
    const del = await users.technician.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', m.id)
      .select()
      .single();
    expect(del.error).toBeNull();
    expect(del.data).toMatchObject({ body: '', attachments: [], deleted_by: users.technician.id });
    expect(del.data?.deleted_at).not.toBeNull();
    const undo = await users.technician.client
      .from('messages')
      .update({ deleted_at: null, body: 'back' })
      .eq('id', m.id)
      .select();
    expect(undo.error?.code).toBe('22023');
    // Columns outside the grant: author, conversation.
    const steal = await users.technician.client
      .from('messages')
      .update({ author_id: users.housekeeper.id })
      .eq('id', openMsg.id)
      .select();
    expect(steal.error?.code).toBe('42501');
    // Nobody deletes a row.
    const gone = await users.admin.client.from('messages').delete().eq('id', openMsg.id).select();
    expect(gone.error?.code).toBe('42501');
  });

  it('a message is written as oneself; too long or empty is refused', async () => {
    const r = await users.housekeeper.client
      .from('messages')
      .insert({ conversation_id: open.id, body: 'as me' })
      .select()
      .single();
    expect(r.error).toBeNull();
    expect(r.data?.author_id).toBe(users.housekeeper.id);
    const long = await users.housekeeper.client.rpc('send_message', {
      conversation_id: open.id,
      body: 'x'.repeat(4001),
    });
    expect(long.error?.code).toBe('22023');
    const empty = await users.housekeeper.client.rpc('send_message', {
      conversation_id: open.id,
      body: '   ',
    });
    expect(empty.error?.code).toBe('22023');
    const badFile = await users.housekeeper.client.rpc('send_message', {
      conversation_id: open.id,
      body: 'photo',
      attachments: [{ path: `${priv.id}/x.jpg`, name: 'x.jpg', type: 'image/jpeg', size: 1 }],
    });
    expect(badFile.error?.code).toBe('22023');
  });

  it('moderation: managers delete any message and archive channels; staff do not', async () => {
    const m = await send(users.housekeeper.client, open.id, 'Selling my old scooter, ask me');
    const hk = await users.technician.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', m.id)
      .select();
    expect(outcome(hk)).toBe('none');
    const mgr = await users.manager.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', m.id)
      .select()
      .single();
    expect(mgr.error).toBeNull();
    expect(mgr.data).toMatchObject({ body: '', deleted_by: users.manager.id });
    // A manager moderates nothing in a direct they are not in.
    const dm = await users.manager.client
      .from('messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', directMsg.id)
      .select();
    expect(outcome(dm)).toBe('none');
    // Archive: staff cannot, a manager can; an archived channel takes no new message.
    const suffix = Math.random().toString(36).slice(2, 8);
    const ch = await makeChannel(users.admin.client, `rls-archive-${suffix}`);
    made.push(ch.id);
    const staff = await users.housekeeper.client
      .from('conversations')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', ch.id)
      .select();
    expect(outcome(staff)).toBe('none');
    const arch = await users.manager.client
      .from('conversations')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', ch.id)
      .select();
    expect(outcome(arch)).toBe('ok');
    const late = await users.housekeeper.client.rpc('send_message', {
      conversation_id: ch.id,
      body: 'too late',
    });
    expect(late.error?.code).toBe('22023');
    // Channels are made by chat.moderate only.
    const hkChannel = await users.housekeeper.client.rpc('create_channel', {
      name: `no-${suffix}`,
    });
    expect(hkChannel.error?.code).toBe('42501');
  });

  it('reactions and read state are one’s own', async () => {
    const mine = await users.technician.client
      .from('message_reactions')
      .insert({ message_id: openMsg.id, conversation_id: open.id, emoji: '🔧' })
      .select()
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data?.user_id).toBe(users.technician.id);
    // As someone else: user_id is not writable.
    const forged = await users.technician.client
      .from('message_reactions')
      .insert({
        message_id: openMsg.id,
        conversation_id: open.id,
        emoji: '🙃',
        user_id: users.housekeeper.id,
      })
      .select();
    expect(forged.error?.code).toBe('42501');
    // Removing another's reaction touches nothing.
    const rm = await users.manager.client
      .from('message_reactions')
      .delete()
      .eq('id', mine.data!.id)
      .select();
    expect(outcome(rm)).toBe('none');
    const twice = await users.technician.client
      .from('message_reactions')
      .insert({ message_id: openMsg.id, conversation_id: open.id, emoji: '🔧' });
    expect(twice.error?.code).toBe('23505');
    // Read state: another member's row is not writable.
    const { data: row } = await serviceClient()
      .from('conversation_members')
      .select('id')
      .eq('conversation_id', direct.id)
      .eq('user_id', users.technician.id)
      .single();
    const other = await users.housekeeper.client
      .from('conversation_members')
      .update({ last_read_at: new Date().toISOString(), notify: 'none' })
      .eq('id', row!.id)
      .select();
    expect(outcome(other)).toBe('none');
    const own = await users.housekeeper.client
      .from('conversation_members')
      .update({ notify: 'mentions' })
      .eq('conversation_id', direct.id)
      .eq('user_id', users.housekeeper.id)
      .select();
    expect(outcome(own)).toBe('ok');
    // Nobody promotes themselves.
    const promote = await users.housekeeper.client
      .from('conversation_members')
      .update({ role: 'moderator' })
      .eq('conversation_id', priv.id)
      .eq('user_id', users.housekeeper.id)
      .select();
    expect(promote.error?.code).toBe('42501');
  });
});

describe('files', () => {
  it('a private channel’s attachment: its members read it, a non-member staff member does not', async () => {
    const path = `${priv.id}/${users.housekeeper.id}/rota-${Math.random().toString(36).slice(2)}.pdf`;
    const up = await users.housekeeper.client.storage
      .from('chat-attachments')
      .upload(path, new Blob(['%PDF-1.7\n%%EOF\n'], { type: 'application/pdf' }), {
        contentType: 'application/pdf',
      });
    expect(up.error).toBeNull();
    try {
      const m = await users.housekeeper.client.rpc('send_message', {
        conversation_id: priv.id,
        body: 'Rota attached',
        attachments: [{ path, name: 'rota.pdf', type: 'application/pdf', size: 16 }],
      });
      expect(m.error).toBeNull();
      // The manager is a member; the technician is not (being office reads nothing: chat-files).
      const mgr = await users.manager.client.storage.from('chat-attachments').download(path);
      expect(mgr.error).toBeNull();
      const tech = await users.technician.client.storage.from('chat-attachments').download(path);
      expect(tech.error).not.toBeNull();
      const nr = await users.norole.client.storage.from('chat-attachments').download(path);
      expect(nr.error).not.toBeNull();
      // Another member who is not the uploader nor office reads it by membership.
      const add = await users.manager.client
        .from('conversation_members')
        .insert({ conversation_id: priv.id, user_id: users.technician.id })
        .select();
      expect(outcome(add)).toBe('ok');
      const now = await users.technician.client.storage.from('chat-attachments').download(path);
      expect(now.error).toBeNull();
      const out = await users.manager.client
        .from('conversation_members')
        .delete()
        .eq('conversation_id', priv.id)
        .eq('user_id', users.technician.id)
        .select();
      expect(outcome(out)).toBe('ok');
      const after = await users.technician.client.storage.from('chat-attachments').download(path);
      expect(after.error).not.toBeNull();
    } finally {
      await serviceClient().storage.from('chat-attachments').remove([path]);
    }
  });
});
