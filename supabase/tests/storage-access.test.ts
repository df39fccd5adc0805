// Storage follows the permission keys, as the tables do (docs/security-sql.md): per actor (anon, a
// sign-up with no role, housekeeper, technician, manager, admin), who may upload to
// chat-attachments (chat.use, into their own folder of a conversation they write in) and
// task-photos (the housekeeping / maintenance keys), and who may list and read property-photos
// (properties.view). Chat files follow their conversation (chat-files.test.ts has the details).
// And every bucket declares the types and the size it takes: HTML and SVG are refused on upload
// everywhere; chat takes PDF, photos do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, type Client, type TestUser } from './support.ts';
import { ACTORS, createActors, type Actor, type SignedIn } from './properties-fixtures.ts';
import { makeChannel, removeConversations, type Conversation } from './chat-fixtures.ts';

let users: Record<SignedIn, TestUser>;
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);
const created: { bucket: string; path: string }[] = [];
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A 1x1 PNG.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (ch) => ch.charCodeAt(0),
);
const png = () => new Blob([PNG], { type: 'image/png' });
const pdf = () => new Blob(['%PDF-1.7\n%%EOF\n'], { type: 'application/pdf' });
const html = () =>
  new Blob(['<!doctype html><script>alert(localStorage.length)</script>'], { type: 'text/html' });
const svg = () =>
  new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
    type: 'image/svg+xml',
  });

async function upload(client: Client, bucket: string, path: string, body: Blob) {
  const res = await client.storage.from(bucket).upload(path, body, { contentType: body.type });
  if (!res.error) created.push({ bucket, path });
  return res.error ? ((res.error as { statusCode?: string }).statusCode ?? 'error') : 'ok';
}

const writers: Record<Actor, boolean> = {
  anon: false,
  norole: false,
  housekeeper: true,
  technician: true,
  manager: true,
  admin: true,
};

let villaPhoto: string;
let taskPhoto: string;
let chatFile: string;
let open: Conversation; // an open team channel: every role with chat.use writes in it
let direct: Conversation; // the housekeeper and the technician
const idOf = (actor: Actor) =>
  actor === 'anon' ? '00000000-0000-4000-8000-000000000000' : users[actor].id;

beforeAll(async () => {
  users = await createActors();
  villaPhoto = `villa-${run}/front.png`;
  const service = serviceClient();
  expect(
    (await service.storage.from('property-photos').upload(villaPhoto, png())).error,
  ).toBeNull();
  created.push({ bucket: 'property-photos', path: villaPhoto });
  taskPhoto = `task-${run}/before.png`;
  expect(await upload(users.housekeeper.client, 'task-photos', taskPhoto, png())).toBe('ok');
  open = await makeChannel(users.manager.client, `storage-${run}`);
  const d = await users.housekeeper.client.rpc('start_direct', {
    user_ids: [users.technician.id],
  });
  expect(d.error).toBeNull();
  direct = d.data as Conversation;
  chatFile = `${direct.id}/${users.housekeeper.id}/plan.pdf`;
  expect(await upload(users.housekeeper.client, 'chat-attachments', chatFile, pdf())).toBe('ok');
});

afterAll(async () => {
  const service = serviceClient();
  const byBucket = new Map<string, string[]>();
  for (const { bucket, path } of created)
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), path]);
  for (const [bucket, paths] of byBucket) await service.storage.from(bucket).remove(paths);
  await removeConversations([open?.id, direct?.id].filter((id): id is string => Boolean(id)));
  for (const u of Object.values(users ?? {})) await service.auth.admin.deleteUser(u.id);
});

describe('uploads follow the keys: chat.use, the housekeeping / maintenance keys', () => {
  it.each(ACTORS)('%s uploading to chat-attachments and task-photos', async (actor) => {
    const chatPath = `${open.id}/${idOf(actor)}/${run}.pdf`;
    const chat = await upload(clientOf(actor), 'chat-attachments', chatPath, pdf());
    const task = await upload(clientOf(actor), 'task-photos', `t-${run}/${actor}.png`, png());
    expect({ chat, task }).toEqual(
      writers[actor] ? { chat: 'ok', task: 'ok' } : { chat: '403', task: '403' },
    );
  });
});

describe('property-photos: properties.view lists and reads', () => {
  it.each(ACTORS)('%s listing and reading a villa photo', async (actor) => {
    const photos = clientOf(actor).storage.from('property-photos');
    const listed = await photos.list(`villa-${run}`);
    const down = await photos.download(villaPhoto);
    const signed = await photos.createSignedUrl(villaPhoto, 60);
    if (writers[actor]) {
      expect(listed.data?.map((f) => f.name)).toEqual(['front.png']);
      expect(down.error).toBeNull();
      expect(signed.error).toBeNull();
    } else {
      expect(listed.data ?? []).toEqual([]);
      expect(down.error).not.toBeNull();
      expect(signed.error).not.toBeNull();
    }
  });
});

describe("a housekeeper's task photo (the uploader and the office) and chat file (the direct's members)", () => {
  const taskReaders: Record<Actor, boolean> = {
    anon: false,
    norole: false,
    housekeeper: true,
    technician: false,
    manager: true,
    admin: true,
  };
  const chatReaders: Record<Actor, boolean> = {
    anon: false,
    norole: false,
    housekeeper: true,
    technician: true,
    manager: false,
    admin: false,
  };
  it.each(ACTORS)('%s reading them', async (actor) => {
    const storage = clientOf(actor).storage;
    const task = await storage.from('task-photos').download(taskPhoto);
    const chat = await storage.from('chat-attachments').download(chatFile);
    expect({ task: task.error === null, chat: chat.error === null }).toEqual({
      task: taskReaders[actor],
      chat: chatReaders[actor],
    });
  });

  it('a housekeeper whose chat.use is taken away no longer reads her own chat file', async () => {
    const service = serviceClient();
    const deny = { user_id: users.housekeeper.id, permission_key: 'chat.use', granted: false };
    expect((await service.from('custom_permissions').insert(deny)).error).toBeNull();
    try {
      const chat = await users.housekeeper.client.storage
        .from('chat-attachments')
        .download(chatFile);
      expect(chat.error).not.toBeNull();
      expect(
        await upload(
          users.housekeeper.client,
          'chat-attachments',
          `${direct.id}/${users.housekeeper.id}/denied.pdf`,
          pdf(),
        ),
      ).toBe('403');
    } finally {
      await service.from('custom_permissions').delete().eq('user_id', users.housekeeper.id);
    }
  });
});

describe('every bucket declares its types and size; active content is refused', () => {
  it('no bucket takes any type or any size, and none takes HTML, SVG, XML or script', async () => {
    const { data, error } = await serviceClient().storage.listBuckets();
    expect(error).toBeNull();
    const ours = (data ?? []).filter((b) =>
      ['avatars', 'property-photos', 'task-photos', 'chat-attachments'].includes(b.id),
    );
    expect(ours).toHaveLength(4);
    for (const b of ours) {
      expect(b.file_size_limit, b.id).toBeGreaterThan(0);
      expect(b.allowed_mime_types?.length, b.id).toBeGreaterThan(0);
      for (const t of b.allowed_mime_types ?? []) {
        expect(t, b.id).toMatch(/^(image\/(jpeg|png|webp|gif|avif|heic|heif)|application\/pdf)$/);
      }
    }
    const chat = ours.find((b) => b.id === 'chat-attachments');
    expect(chat?.allowed_mime_types).toContain('application/pdf');
  });

  it('HTML and SVG are refused (415) in chat-attachments and task-photos; PDF only in chat', async () => {
    const hk = users.housekeeper.client;
    const chatFolder = `${open.id}/${users.housekeeper.id}`;
    expect(await upload(hk, 'chat-attachments', `${chatFolder}/page.html`, html())).toBe('415');
    expect(await upload(hk, 'chat-attachments', `${chatFolder}/pic.svg`, svg())).toBe('415');
    expect(await upload(hk, 'task-photos', `m-${run}/pic.svg`, svg())).toBe('415');
    expect(await upload(hk, 'task-photos', `m-${run}/doc.pdf`, pdf())).toBe('415');
    expect(await upload(hk, 'chat-attachments', `${chatFolder}/doc.pdf`, pdf())).toBe('ok');
    expect(await upload(hk, 'chat-attachments', `${chatFolder}/pic.png`, png())).toBe('ok');
    const own = `${users.housekeeper.id}/${run}.html`;
    expect(await upload(hk, 'avatars', own, html())).toBe('415');
  });
});
