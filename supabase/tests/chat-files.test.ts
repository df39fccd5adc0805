// Chat files follow their conversation (docs/chat.md "Files", 20261130110000_chat_files.sql): a
// file under <conversation_id>/<uploader id>/ in chat-attachments is listed, downloaded and signed
// by whoever reads the conversation; uploaded by whoever writes in it, into their own folder only;
// replaced by nobody but its uploader; deleted by its uploader or a moderator. Refused: a non-member
// of a direct and of a private channel, a manager and an admin who are not in a direct, a user with
// no role, anon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, deleteUsers, serviceClient, type Client, type TestUser } from './support.ts';
import { createActors, type Actor, type SignedIn } from './properties-fixtures.ts';
import { makeChannel, removeConversations, type Conversation } from './chat-fixtures.ts';

const BUCKET = 'chat-attachments';
let users: Record<SignedIn, TestUser>;
let open: Conversation;
let priv: Conversation; // the manager moderates; the housekeeper is a member
let direct: Conversation; // the housekeeper and the technician
let archived: Conversation;
const made: string[] = [];
const files: string[] = [];
const run = Math.random().toString(36).slice(2, 8);
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);
const idOf = (actor: Actor) =>
  actor === 'anon' ? '00000000-0000-4000-8000-000000000000' : users[actor].id;

const pdf = (text = 'file') =>
  new Blob([`%PDF-1.7\n${text}\n%%EOF\n`], { type: 'application/pdf' });

/** 'ok', or the storage API's status code. */
async function upload(c: Client, path: string, text = 'file', upsert = false) {
  const res = await c.storage
    .from(BUCKET)
    .upload(path, pdf(text), { contentType: 'application/pdf', upsert });
  if (!res.error) files.push(path);
  return res.error ? ((res.error as { statusCode?: string }).statusCode ?? 'error') : 'ok';
}

/** What a caller gets of one file: its listing, its bytes and a signed URL. */
async function access(c: Client, path: string) {
  const store = c.storage.from(BUCKET);
  const folder = path.slice(0, path.lastIndexOf('/'));
  const name = path.slice(path.lastIndexOf('/') + 1);
  const listed = (await store.list(folder)).data ?? [];
  const down = await store.download(path);
  const signed = await store.createSignedUrl(path, 60);
  return {
    list: listed.some((f) => f.name === name),
    download: down.error === null,
    sign: signed.error === null,
  };
}
const ALL = { list: true, download: true, sign: true };
const NONE = { list: false, download: false, sign: false };

async function contentOf(path: string) {
  const { data, error } = await serviceClient().storage.from(BUCKET).download(path);
  expect(error).toBeNull();
  return data!.text();
}
const exists = async (path: string) =>
  (await serviceClient().storage.from(BUCKET).exists(path)).data;

beforeAll(async () => {
  users = await createActors();
  open = await makeChannel(users.manager.client, `files-open-${run}`);
  priv = await makeChannel(users.manager.client, `files-private-${run}`, {
    isPrivate: true,
    members: [users.housekeeper.id],
  });
  archived = await makeChannel(users.manager.client, `files-archived-${run}`);
  const d = await users.housekeeper.client.rpc('start_direct', {
    user_ids: [users.technician.id],
  });
  expect(d.error).toBeNull();
  direct = d.data as Conversation;
  made.push(open.id, priv.id, archived.id, direct.id);
});

afterAll(async () => {
  if (files.length > 0) await serviceClient().storage.from(BUCKET).remove(files);
  await removeConversations(made);
  await deleteUsers(Object.values(users ?? {}));
});

describe('a direct message’s file: its two members only', () => {
  let path: string;
  beforeAll(async () => {
    path = `${direct.id}/${users.housekeeper.id}/gate-${run}.pdf`;
    expect(await upload(users.housekeeper.client, path, 'gate code')).toBe('ok');
  });

  const readers: Record<Actor, boolean> = {
    anon: false,
    norole: false,
    housekeeper: true,
    technician: true,
    manager: false,
    admin: false,
  };
  it.each(Object.keys(readers) as Actor[])('%s listing, downloading, signing it', async (actor) => {
    expect(await access(clientOf(actor), path)).toEqual(readers[actor] ? ALL : NONE);
  });

  it('the other member uploads into their own folder, not into the uploader’s', async () => {
    const tech = users.technician.client;
    expect(await upload(tech, `${direct.id}/${users.technician.id}/photo-${run}.pdf`)).toBe('ok');
    expect(await upload(tech, `${direct.id}/${users.housekeeper.id}/forged-${run}.pdf`)).toBe(
      '403',
    );
  });

  it.each(['anon', 'norole', 'manager', 'admin'] as Actor[])(
    '%s uploads nothing into it, in their own folder or the uploader’s',
    async (actor) => {
      const c = clientOf(actor);
      expect(await upload(c, `${direct.id}/${idOf(actor)}/x-${run}.pdf`)).toBe('403');
      expect(await upload(c, `${direct.id}/${users.housekeeper.id}/y-${run}.pdf`)).toBe('403');
    },
  );

  it('nobody replaces or deletes another’s file; the service role keeps its access', async () => {
    const tech = users.technician.client.storage.from(BUCKET);
    expect(await upload(users.technician.client, path, 'overwritten', true)).toBe('403');
    expect((await tech.remove([path])).data ?? []).toEqual([]);
    expect((await users.admin.client.storage.from(BUCKET).remove([path])).data ?? []).toEqual([]);
    expect(
      (
        await users.manager.client.storage
          .from(BUCKET)
          .copy(path, `${open.id}/${users.manager.id}/c.pdf`)
      ).error,
    ).not.toBeNull();
    expect(await exists(path)).toBe(true);
    expect(await contentOf(path)).toContain('gate code');
  });

  it('the uploader replaces and deletes her own', async () => {
    const own = `${direct.id}/${users.housekeeper.id}/mine-${run}.pdf`;
    const hk = users.housekeeper.client;
    expect(await upload(hk, own, 'first')).toBe('ok');
    expect(await upload(hk, own, 'second', true)).toBe('ok');
    expect(await contentOf(own)).toContain('second');
    const gone = await hk.storage.from(BUCKET).remove([own]);
    expect(gone.data?.map((o) => o.name)).toEqual([own]);
    expect(await exists(own)).toBe(false);
  });
});

describe('a private channel’s file: its members only', () => {
  let path: string;
  beforeAll(async () => {
    path = `${priv.id}/${users.housekeeper.id}/rota-${run}.pdf`;
    expect(await upload(users.housekeeper.client, path)).toBe('ok');
  });

  it('members read it (the housekeeper, the manager who moderates it)', async () => {
    expect(await access(users.housekeeper.client, path)).toEqual(ALL);
    expect(await access(users.manager.client, path)).toEqual(ALL);
  });

  it.each(['anon', 'norole', 'technician', 'admin'] as Actor[])(
    '%s (not a member) lists, downloads, signs and uploads nothing',
    async (actor) => {
      const c = clientOf(actor);
      expect(await access(c, path)).toEqual(NONE);
      expect(await upload(c, `${priv.id}/${idOf(actor)}/x-${run}.pdf`)).toBe('403');
      expect(await upload(c, `${priv.id}/${users.housekeeper.id}/y-${run}.pdf`)).toBe('403');
      expect(await upload(c, path, 'overwritten', true)).toBe('403');
    },
  );

  it('its moderator deletes a member’s file; a member does not delete the moderator’s', async () => {
    const mgrs = `${priv.id}/${users.manager.id}/plan-${run}.pdf`;
    expect(await upload(users.manager.client, mgrs)).toBe('ok');
    expect((await users.housekeeper.client.storage.from(BUCKET).remove([mgrs])).data ?? []).toEqual(
      [],
    );
    expect(await exists(mgrs)).toBe(true);
    const hks = `${priv.id}/${users.housekeeper.id}/old-${run}.pdf`;
    expect(await upload(users.housekeeper.client, hks)).toBe('ok');
    const removed = await users.manager.client.storage.from(BUCKET).remove([hks]);
    expect(removed.data?.map((o) => o.name)).toEqual([hks]);
  });
});

describe('an open channel’s file: all staff', () => {
  let path: string;
  beforeAll(async () => {
    path = `${open.id}/${users.technician.id}/manual-${run}.pdf`;
    expect(await upload(users.technician.client, path)).toBe('ok');
  });

  const readers: Record<Actor, boolean> = {
    anon: false,
    norole: false,
    housekeeper: true,
    technician: true,
    manager: true,
    admin: true,
  };
  it.each(Object.keys(readers) as Actor[])('%s reading it and uploading', async (actor) => {
    expect(await access(clientOf(actor), path)).toEqual(readers[actor] ? ALL : NONE);
    expect(await upload(clientOf(actor), `${open.id}/${idOf(actor)}/up-${run}.pdf`)).toBe(
      readers[actor] ? 'ok' : '403',
    );
  });

  it('a staff member deletes only their own; the channel’s moderator (the manager) any', async () => {
    const hk = users.housekeeper.client.storage.from(BUCKET);
    expect((await hk.remove([path])).data ?? []).toEqual([]);
    expect(await exists(path)).toBe(true);
    const removed = await users.manager.client.storage.from(BUCKET).remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
  });
});

describe('paths and conversations', () => {
  it('a file outside <conversation>/<uploader>/ is refused, even to a writer', async () => {
    const hk = users.housekeeper.client;
    expect(await upload(hk, `loose-${run}.pdf`)).toBe('403');
    expect(await upload(hk, `thread-${run}/plan.pdf`)).toBe('403');
    expect(await upload(hk, `${open.id}/plan-${run}.pdf`)).toBe('403');
    expect(await upload(hk, `${open.id}/${users.housekeeper.id.toUpperCase()}/p-${run}.pdf`)).toBe(
      '403',
    );
    // A conversation that does not exist.
    const none = '0c0c0c0c-0000-4000-8000-000000000000';
    expect(await upload(hk, `${none}/${users.housekeeper.id}/p-${run}.pdf`)).toBe('403');
  });

  it('an archived conversation takes no new file; its files are still read', async () => {
    const path = `${archived.id}/${users.housekeeper.id}/before-${run}.pdf`;
    expect(await upload(users.housekeeper.client, path)).toBe('ok');
    const a = await users.manager.client
      .from('conversations')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', archived.id)
      .select();
    expect(a.error).toBeNull();
    expect(
      await upload(users.housekeeper.client, `${archived.id}/${users.housekeeper.id}/after.pdf`),
    ).toBe('403');
    expect(await upload(users.housekeeper.client, path, 'again', true)).toBe('403');
    expect(await access(users.technician.client, path)).toEqual(ALL);
  });

  it('chat.use taken away: the housekeeper no longer reads nor uploads in her direct', async () => {
    const path = `${direct.id}/${users.housekeeper.id}/kept-${run}.pdf`;
    expect(await upload(users.housekeeper.client, path)).toBe('ok');
    const service = serviceClient();
    const deny = { user_id: users.housekeeper.id, permission_key: 'chat.use', granted: false };
    expect((await service.from('custom_permissions').insert(deny)).error).toBeNull();
    try {
      expect(await access(users.housekeeper.client, path)).toEqual(NONE);
      expect(
        await upload(users.housekeeper.client, `${direct.id}/${users.housekeeper.id}/n-${run}.pdf`),
      ).toBe('403');
    } finally {
      await service.from('custom_permissions').delete().eq('user_id', users.housekeeper.id);
    }
    expect(await access(users.housekeeper.client, path)).toEqual(ALL);
  });
});
