// The app's buckets (20261121120000_storage_buckets.sql) per role, through supabase-js as each
// demo account signed in with its password, a signed-in account with no role, and anon: who may
// upload, read, sign, list, replace and delete what. Paths are unique per run; demo data is not
// touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  client,
  newAccount,
  serviceClient,
  signInDemo,
  unique,
  type DemoRole,
  type SignedIn,
} from '../fixtures/storage-project/harness.ts';

const service = serviceClient();
const anon = client();
const users = {} as Record<DemoRole | 'stranger', SignedIn>;
const created: { bucket: string; path: string }[] = [];

const png = (label = 'png') => new Blob([`\x89PNG ${label}`], { type: 'image/png' });

async function upload(
  sb: SupabaseClient,
  bucket: string,
  path: string,
  body: Blob | string,
  upsert = false,
) {
  const res = await sb.storage.from(bucket).upload(path, body, { upsert });
  if (!res.error) created.push({ bucket, path });
  return res;
}

/** Did the object survive? Checked with the service role, which no policy filters. */
async function stillThere(bucket: string, path: string) {
  return (await service.storage.from(bucket).exists(path)).data;
}

beforeAll(async () => {
  for (const role of ['admin', 'manager', 'housekeeper', 'technician'] as const) {
    users[role] = await signInDemo(role);
  }
  users.stranger = await newAccount('stranger');
});

afterAll(async () => {
  const byBucket = new Map<string, string[]>();
  for (const { bucket, path } of created)
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), path]);
  for (const [bucket, paths] of byBucket) await service.storage.from(bucket).remove(paths);
  if (users.stranger) await service.auth.admin.deleteUser(users.stranger.id);
});

describe('buckets themselves', () => {
  it('exist with their limits, and only the service role manages them', async () => {
    const { data } = await service.storage.getBucket('avatars');
    expect(data).toMatchObject({ public: true, file_size_limit: 2097152 });
    // Types and sizes: 20261124100100_storage_limits_and_permission_keys.sql.
    expect((await service.storage.getBucket('chat-attachments')).data).toMatchObject({
      public: false,
      file_size_limit: 20971520,
    });
    expect(
      (await service.storage.getBucket('chat-attachments')).data?.allowed_mime_types,
    ).toContain('application/pdf');
    // storage.buckets has no policies: users see none and create none, as on Supabase.
    expect((await users.admin.sb.storage.listBuckets()).data).toEqual([]);
    const create = await users.admin.sb.storage.createBucket(unique('mine'));
    expect(create.error?.statusCode).toBe('403');
    expect((await anon.storage.createBucket(unique('anon'))).error?.statusCode).toBe('403');
  });
});

describe('avatars: public read, owner write', () => {
  it('a user uploads into their own folder; anyone reads it, even without a key', async () => {
    const path = `${users.housekeeper.id}/${unique('me')}.png`;
    expect((await upload(users.housekeeper.sb, 'avatars', path, png('me'))).error).toBeNull();
    const url = anon.storage.from('avatars').getPublicUrl(path).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await anon.storage.from('avatars').download(path)).error).toBeNull();
    const listed = await users.technician.sb.storage.from('avatars').list(users.housekeeper.id);
    expect(listed.data!.map((f) => f.name)).toContain(path.split('/')[1]);
  });

  it("refuses uploads into someone else's folder or the root", async () => {
    const other = await upload(
      users.housekeeper.sb,
      'avatars',
      `${users.technician.id}/${unique('x')}.png`,
      png(),
    );
    expect(other.error?.statusCode).toBe('403');
    expect(other.error?.message).toBe('new row violates row-level security policy');
    const root = await upload(users.housekeeper.sb, 'avatars', `${unique('root')}.png`, png());
    expect(root.error?.statusCode).toBe('403');
    const anonUp = await upload(anon, 'avatars', `${unique('anon')}/a.png`, png());
    expect(anonUp.error?.statusCode).toBe('403');
  });

  it('the owner replaces and deletes their avatar; nobody else can', async () => {
    const path = `${users.technician.id}/${unique('t')}.png`;
    expect((await upload(users.technician.sb, 'avatars', path, png('v1'))).error).toBeNull();
    const hijack = await users.housekeeper.sb.storage
      .from('avatars')
      .upload(path, png('evil'), { upsert: true });
    expect(hijack.error?.statusCode).toBe('403');
    const removed = await users.admin.sb.storage.from('avatars').remove([path]);
    expect(removed.data).toEqual([]);
    expect(await stillThere('avatars', path)).toBe(true);

    const replaced = await users.technician.sb.storage
      .from('avatars')
      .upload(path, png('v2'), { upsert: true });
    expect(replaced.error).toBeNull();
    expect(
      await (await fetch(anon.storage.from('avatars').getPublicUrl(path).data.publicUrl)).text(),
    ).toContain('v2');
    const own = await users.technician.sb.storage.from('avatars').remove([path]);
    expect(own.data!.map((o) => o.name)).toEqual([path]);
    expect(await stillThere('avatars', path)).toBe(false);
  });

  it('keeps to its type and size limits (415, 413)', async () => {
    const text = await upload(
      users.manager.sb,
      'avatars',
      `${users.manager.id}/${unique('t')}.txt`,
      'not an image',
    );
    expect(text.error?.statusCode).toBe('415');
    const big = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' });
    const tooBig = await upload(
      users.manager.sb,
      'avatars',
      `${users.manager.id}/${unique('big')}.png`,
      big,
    );
    expect(tooBig.error?.statusCode).toBe('413');
  });
});

describe('property-photos: properties.view reads, properties.manage writes', () => {
  let path: string;

  it('managers and admins upload; housekeepers, technicians, strangers and anon cannot', async () => {
    path = `villa-${unique('p')}/front.png`;
    expect(
      (await upload(users.manager.sb, 'property-photos', path, png('front'))).error,
    ).toBeNull();
    const adminPath = `villa-${unique('p')}/back.png`;
    expect((await upload(users.admin.sb, 'property-photos', adminPath, png())).error).toBeNull();
    for (const who of [users.housekeeper.sb, users.technician.sb, users.stranger.sb, anon]) {
      const res = await upload(who, 'property-photos', `villa-${unique('x')}/x.png`, png());
      expect(res.error?.statusCode).toBe('403');
    }
  });

  it('properties.view reads and signs; a stranger with no role and anon do not', async () => {
    const stranger = users.stranger.sb.storage.from('property-photos');
    expect((await stranger.download(path)).error?.statusCode).toBe('404');
    expect((await stranger.list(path.split('/')[0])).data).toEqual([]);
    for (const who of [users.housekeeper, users.technician]) {
      const down = await who.sb.storage.from('property-photos').download(path);
      expect(down.error).toBeNull();
      const signed = await who.sb.storage.from('property-photos').createSignedUrl(path, 60);
      expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    }
    expect((await anon.storage.from('property-photos').download(path)).error?.statusCode).toBe(
      '404',
    );
    expect(
      (await anon.storage.from('property-photos').createSignedUrl(path, 60)).error?.statusCode,
    ).toBe('404');
    expect((await anon.storage.from('property-photos').list(path.split('/')[0])).data).toEqual([]);
    const publicUrl = anon.storage.from('property-photos').getPublicUrl(path).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(400);
  });

  it('only properties.manage replaces or deletes', async () => {
    const hk = await users.housekeeper.sb.storage
      .from('property-photos')
      .upload(path, png('x'), { upsert: true });
    expect(hk.error?.statusCode).toBe('403');
    expect(
      (await users.housekeeper.sb.storage.from('property-photos').remove([path])).data,
    ).toEqual([]);
    expect(await stillThere('property-photos', path)).toBe(true);
    const moved = await users.technician.sb.storage
      .from('property-photos')
      .move(path, `${path}.moved`);
    expect(moved.error?.statusCode).toBe('404');
    const done = await users.manager.sb.storage.from('property-photos').remove([path]);
    expect(done.data!.map((o) => o.name)).toEqual([path]);
  });
});

describe('task-photos: uploader and office', () => {
  it("a housekeeper's task photo is read by them, managers and admins, and not by a technician", async () => {
    const path = `task-${unique('t')}/before.png`;
    expect(
      (await upload(users.housekeeper.sb, 'task-photos', path, png('before'))).error,
    ).toBeNull();
    for (const who of [users.housekeeper, users.manager, users.admin]) {
      expect((await who.sb.storage.from('task-photos').download(path)).error).toBeNull();
    }
    const tech = users.technician.sb.storage.from('task-photos');
    expect((await tech.download(path)).error?.statusCode).toBe('404');
    expect((await tech.createSignedUrl(path, 60)).error?.statusCode).toBe('404');
    expect((await tech.list(path.split('/')[0])).data).toEqual([]);
    expect((await tech.upload(path, png('overwrite'), { upsert: true })).error?.statusCode).toBe(
      '403',
    );
    expect((await tech.remove([path])).data).toEqual([]);
    expect((await tech.copy(path, `${path}.copy`)).error?.statusCode).toBe('404');
    expect(await stillThere('task-photos', path)).toBe(true);
    expect(
      await (await users.manager.sb.storage.from('task-photos').download(path)).data!.text(),
    ).toContain('before');
  });

  it('the uploader and the office delete; task photos must be images', async () => {
    const path = `task-${unique('t')}/after.png`;
    expect((await upload(users.technician.sb, 'task-photos', path, png())).error).toBeNull();
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    expect(
      (await upload(users.technician.sb, 'task-photos', `task-${unique('t')}/a.pdf`, pdf)).error
        ?.statusCode,
    ).toBe('415');
    const byManager = await users.manager.sb.storage.from('task-photos').remove([path]);
    expect(byManager.data!.map((o) => o.name)).toEqual([path]);
  });
});

describe('chat-attachments: by conversation (20261130110000_chat_files.sql)', () => {
  // Demo conversations (supabase/seeds/70_chat.sql): #general, open; Nikos (manager) and Maria
  // (housekeeper)'s direct. Only files are added here, under this run's names.
  const general = 'c4a70000-0000-4000-8000-000000000001';
  const direct = 'c4a70000-0000-4000-8000-000000000021';
  const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

  it("a direct's file: its members read it; the admin, a technician and a stranger do not", async () => {
    const theirs = `${direct}/${users.housekeeper.id}/${unique('c')}.pdf`;
    expect((await upload(users.housekeeper.sb, 'chat-attachments', theirs, pdf)).error).toBeNull();
    expect(
      (await users.manager.sb.storage.from('chat-attachments').download(theirs)).error,
    ).toBeNull();
    for (const who of [users.admin, users.technician, users.stranger]) {
      const chat = who.sb.storage.from('chat-attachments');
      expect((await chat.download(theirs)).error?.statusCode).toBe('404');
      expect((await chat.createSignedUrl(theirs, 60)).error?.statusCode).toBe('404');
      expect((await chat.list(`${direct}/${users.housekeeper.id}`)).data).toEqual([]);
      expect((await chat.remove([theirs])).data).toEqual([]);
      const own = `${direct}/${who.id}/${unique('c')}.pdf`;
      expect((await upload(who.sb, 'chat-attachments', own, pdf)).error?.statusCode).toBe('403');
    }
    expect(await stillThere('chat-attachments', theirs)).toBe(true);
  });

  it('an open channel: staff upload into their own folder only; a stranger nowhere', async () => {
    const mine = `${general}/${users.technician.id}/${unique('c')}.pdf`;
    expect((await upload(users.technician.sb, 'chat-attachments', mine, pdf)).error).toBeNull();
    const forged = `${general}/${users.housekeeper.id}/${unique('c')}.pdf`;
    expect(
      (await upload(users.technician.sb, 'chat-attachments', forged, pdf)).error?.statusCode,
    ).toBe('403');
    const loose = `thread-${unique('c')}/notes.pdf`;
    expect(
      (await upload(users.technician.sb, 'chat-attachments', loose, pdf)).error?.statusCode,
    ).toBe('403');
    const strangers = `${general}/${users.stranger.id}/${unique('c')}.pdf`;
    expect(
      (await upload(users.stranger.sb, 'chat-attachments', strangers, pdf)).error?.statusCode,
    ).toBe('403');
    const signed = await users.housekeeper.sb.storage
      .from('chat-attachments')
      .createSignedUrls([mine], 60);
    expect(signed.data!.map((s) => Boolean(s.signedUrl))).toEqual([true]);
    expect(
      (await users.stranger.sb.storage.from('chat-attachments').download(mine)).error?.statusCode,
    ).toBe('404');
  });
});
