// Checklist runs (issue 16, docs/housekeeping.md "Checklist runs"): answers, photos, finishing,
// inspection and work orders from a failed item, per role, against the real API on PGlite and on
// PostgreSQL 15 (TEST_DATABASE_URL). Every write the phone queues may arrive twice, late or out of
// order: the functions must make that harmless.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import {
  checklistContent,
  forceStatus,
  HousekeepingFixtures,
  taskRow,
  typeId,
  type CleaningTask,
  type TaskStatus,
} from '../../supabase/tests/housekeeping-fixtures.ts';
import {
  createActors,
  daysFromNow,
  type Actor,
  type Property,
  type SignedIn,
} from '../../supabase/tests/properties-fixtures.ts';
import {
  anonClient,
  createUser,
  DEMO,
  DEMO_PASSWORD,
  serviceClient,
  signIn,
  type Client,
  type TestUser,
} from '../../supabase/tests/support.ts';

type Answer = Database['public']['Tables']['cleaning_task_answers']['Row'];
type Json = Database['public']['Tables']['cleaning_task_answers']['Row']['value'];

const PHOTO = readFileSync(
  path.join(
    import.meta.dirname,
    '../../supabase/seeds/work-order-photos/3a0c0000-0000-4000-8000-000000000001/before-1.jpg',
  ),
);
const PHOTO_SHA = createHash('sha256').update(PHOTO).digest('hex');

const fx = new HousekeepingFixtures();
let users: Record<SignedIn, TestUser>;
/** A second housekeeper, never assigned to the cleans here. */
let other: TestUser;
let villa: Property;
let versionId: string;
let turnoverType: string;
const service = () => serviceClient();
const clientOf = (actor: Actor | 'other'): Client =>
  actor === 'anon' ? anonClient() : actor === 'other' ? other.client : users[actor].client;

/** A clean of the test checklist (checklistContent: 5 items, 3 required), assigned to the housekeeper. */
async function clean(status: TaskStatus = 'in_progress'): Promise<CleaningTask> {
  const { data, error } = await service()
    .from('cleaning_tasks')
    .insert({
      property_id: villa.id,
      cleaning_type_id: turnoverType,
      checklist_version_id: versionId,
      window_start: daysFromNow(50, 10),
      due_at: daysFromNow(50, 15),
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  const assigned = await service()
    .from('cleaning_task_assignees')
    .insert({ task_id: data.id, user_id: users.housekeeper.id });
  if (assigned.error) throw new Error(assigned.error.message);
  return status === 'scheduled' ? data : forceStatus(data.id, status);
}

function answer(
  who: Client,
  taskId: string,
  itemId: string,
  value: Json,
  extra: { note?: string; flagged?: boolean; answered_at?: string } = {},
) {
  return who.rpc('answer_checklist_item', {
    task_id: taskId,
    item_id: itemId,
    value,
    ...extra,
  });
}

async function answersOf(taskId: string): Promise<Answer[]> {
  const { data, error } = await service()
    .from('cleaning_task_answers')
    .select('*')
    .eq('task_id', taskId)
    .order('item_id');
  if (error) throw new Error(error.message);
  return data;
}

async function upload(who: Client, taskId: string, photoId: string, ext = 'jpg') {
  return who.storage
    .from('clean-photos')
    .upload(`${taskId}/${photoId}.${ext}`, PHOTO, { contentType: 'image/jpeg', upsert: true });
}

function recordPhoto(who: Client, taskId: string, photoId: string, itemId = 'i-photo') {
  return who.rpc('record_checklist_photo', {
    photo_id: photoId,
    task_id: taskId,
    item_id: itemId,
    storage_path: `${taskId}/${photoId}.jpg`,
    bytes: PHOTO.length,
    sha256: PHOTO_SHA,
  });
}

function transition(who: Client, task: CleaningTask, to: TaskStatus, note?: string) {
  return who.rpc('transition_cleaning_task', {
    task_id: task.id,
    to_status: to,
    from_version: task.version,
    ...(note === undefined ? {} : { note }),
  });
}

/** Every required item of checklistContent done: tick, yes/no, and one photo. */
async function completeRequired(task: CleaningTask) {
  expect((await answer(users.housekeeper.client, task.id, 'i-tick', true)).error).toBeNull();
  expect((await answer(users.housekeeper.client, task.id, 'i-yes', true)).error).toBeNull();
  const photoId = randomUUID();
  expect((await upload(users.housekeeper.client, task.id, photoId)).error).toBeNull();
  expect((await recordPhoto(users.housekeeper.client, task.id, photoId)).error).toBeNull();
}

beforeAll(async () => {
  [users, other] = await Promise.all([createActors(), createUser('other-hk', ['housekeeper'])]);
  fx.trackUsers(...Object.values(users), other);
  villa = await fx.property();
  turnoverType = await typeId('turnover');
  const templateId = randomUUID();
  fx.trackTemplate(templateId);
  await service()
    .from('checklist_templates')
    .insert({ id: templateId, name: 'Checklist run test' })
    .throwOnError();
  const { data, error } = await service()
    .from('checklist_template_versions')
    .insert({ template_id: templateId, content: checklistContent('Kitchen') })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  versionId = data.id;
});

afterAll(async () => {
  await fx.cleanup();
});

describe('answer_checklist_item: who may answer', () => {
  it('the assigned housekeeper, a manager and an admin answer; others are refused with their code', async () => {
    const task = await clean();
    const expected: Record<Actor | 'other', string | null> = {
      anon: '42501', // no EXECUTE
      norole: 'PT404', // may not see cleans
      technician: '42501', // sees the clean, does not do it
      other: '42501', // a housekeeper not assigned to it
      housekeeper: null,
      manager: null,
      admin: null,
    };
    for (const [actor, code] of Object.entries(expected)) {
      const res = await answer(clientOf(actor as Actor), task.id, 'i-text', `by ${actor}`, {
        answered_at: new Date(Date.now() + Object.keys(expected).indexOf(actor)).toISOString(),
      });
      expect({ actor, code: res.error?.code ?? null }).toEqual({ actor, code });
    }
    const rows = await answersOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      item_id: 'i-text',
      value: 'by admin',
      answered_by: users.admin.id,
    });
  });

  it('nobody writes the answers or photos tables directly', async () => {
    const task = await clean();
    expect((await answer(users.housekeeper.client, task.id, 'i-tick', true)).error).toBeNull();
    for (const actor of ['housekeeper', 'manager', 'admin'] as const) {
      const c = clientOf(actor);
      const ins = await c.from('cleaning_task_answers').insert({
        task_id: task.id,
        item_id: 'i-yes',
        value: true,
        answered_at: new Date().toISOString(),
      });
      expect(ins.error?.code).toBe('42501');
      const upd = await c
        .from('cleaning_task_answers')
        .update({ value: false })
        .eq('task_id', task.id)
        .select();
      expect(upd.error?.code).toBe('42501');
      const del = await c.from('cleaning_task_answers').delete().eq('task_id', task.id).select();
      expect(del.error?.code).toBe('42501');
      const photo = await c.from('cleaning_task_photos').insert({
        task_id: task.id,
        item_id: 'i-photo',
        storage_path: `${task.id}/${randomUUID()}.jpg`,
        bytes: 10,
        sha256: PHOTO_SHA,
      });
      expect(photo.error?.code).toBe('42501');
    }
    expect(await answersOf(task.id)).toHaveLength(1);
  });

  it('answers and photos are read with the clean: housekeeping.view on a visible villa', async () => {
    const task = await clean();
    await completeRequired(task);
    const expected: Record<Actor | 'other', number | 'denied'> = {
      anon: 'denied',
      norole: 0,
      technician: 2,
      other: 2,
      housekeeper: 2,
      manager: 2,
      admin: 2,
    };
    for (const [actor, want] of Object.entries(expected)) {
      const res = await clientOf(actor as Actor)
        .from('cleaning_task_answers')
        .select('item_id')
        .eq('task_id', task.id);
      const got = res.error
        ? res.error.code === '42501'
          ? 'denied'
          : res.error.code
        : res.data.length;
      expect({ actor, got }).toEqual({ actor, got: want });
      const photos = await clientOf(actor as Actor)
        .from('cleaning_task_photos')
        .select('id')
        .eq('task_id', task.id);
      const gotPhotos = photos.error
        ? photos.error.code === '42501'
          ? 'denied'
          : photos.error.code
        : photos.data.length;
      expect({ actor, gotPhotos }).toEqual({
        actor,
        gotPhotos: want === 'denied' ? 'denied' : want === 0 ? 0 : 1,
      });
    }
  });
});

describe('answer_checklist_item: values and replays', () => {
  it('checks the item and the value against the checklist (22023) and computes failed', async () => {
    const task = await clean();
    const hk = users.housekeeper.client;
    expect((await answer(hk, task.id, 'no-such-item', true)).error?.code).toBe('22023');
    expect((await answer(hk, task.id, 'i-tick', 'yes')).error?.code).toBe('22023');
    expect((await answer(hk, task.id, 'i-yes', 1)).error?.code).toBe('22023');
    expect((await answer(hk, task.id, 'i-num', '7.4')).error?.code).toBe('22023');
    expect((await answer(hk, task.id, 'i-text', true)).error?.code).toBe('22023');
    expect((await answer(hk, task.id, 'i-photo', false)).error?.code).toBe('22023');

    const inRange = await answer(hk, task.id, 'i-num', 7.4);
    expect(inRange.data).toMatchObject({ value: 7.4, out_of_range: false, failed: false });
    const outOfRange = await answer(hk, task.id, 'i-num', 8.1, {
      answered_at: new Date(Date.now() + 1000).toISOString(),
    });
    expect(outOfRange.data).toMatchObject({ value: 8.1, out_of_range: true, failed: true });
    const no = await answer(hk, task.id, 'i-yes', false);
    expect(no.data).toMatchObject({ value: false, failed: true, flagged: false });
    const flagged = await answer(hk, task.id, 'i-tick', true, { flagged: true, note: 'Stain' });
    expect(flagged.data).toMatchObject({ value: true, flagged: true, failed: true, note: 'Stain' });
    const photoItem = await answer(hk, task.id, 'i-photo', null, { flagged: true });
    expect(photoItem.data).toMatchObject({ value: null, flagged: true, failed: true });
  });

  it('the same answer replayed 5 times at once is one row with the same values', async () => {
    const task = await clean();
    const at = new Date().toISOString();
    const mid = randomUUID();
    const replay = () =>
      users.housekeeper.client
        .rpc('answer_checklist_item', {
          task_id: task.id,
          item_id: 'i-num',
          value: 7.3,
          note: 'measured at the skimmer',
          flagged: false,
          answered_at: at,
        })
        .setHeader('X-Mutation-Id', mid);
    const results = await Promise.all(Array.from({ length: 5 }, replay));
    for (const r of results) expect(r.error).toBeNull();
    const ids = new Set(results.map((r) => r.data?.id));
    expect(ids.size).toBe(1);
    const rows = await answersOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      item_id: 'i-num',
      value: 7.3,
      note: 'measured at the skimmer',
      out_of_range: false,
      answered_by: users.housekeeper.id,
    });
    for (const r of results) expect(r.data).toEqual(rows[0]);
    // Later replays (without and with other mutation ids) change nothing, not even updated_at.
    const more = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        answer(users.housekeeper.client, task.id, 'i-num', 7.3, {
          note: 'measured at the skimmer',
          answered_at: at,
        }).setHeader('X-Mutation-Id', i % 2 ? mid : randomUUID()),
      ),
    );
    for (const r of more) expect(r.data).toEqual(rows[0]);
    expect(await answersOf(task.id)).toEqual(rows);
  });

  it('an older answer never overwrites a newer one; a newer one wins', async () => {
    const task = await clean();
    const hk = users.housekeeper.client;
    const t0 = Date.now();
    const newer = await answer(hk, task.id, 'i-text', 'newer', {
      answered_at: new Date(t0).toISOString(),
    });
    expect(newer.error).toBeNull();
    const older = await answer(hk, task.id, 'i-text', 'older', {
      answered_at: new Date(t0 - 60_000).toISOString(),
    });
    expect(older.error).toBeNull();
    expect(older.data).toMatchObject({ value: 'newer' });
    // The manager's later correction wins over both.
    const later = await answer(users.manager.client, task.id, 'i-text', 'corrected', {
      answered_at: new Date(t0 + 60_000).toISOString(),
    });
    expect(later.data).toMatchObject({ value: 'corrected', answered_by: users.manager.id });
    const rows = await answersOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 'corrected' });
  });

  it('answers only while the clean is in progress; an identical replay is accepted any time', async () => {
    const scheduled = await clean('scheduled');
    const res = await answer(users.housekeeper.client, scheduled.id, 'i-tick', true);
    expect(res.error?.code).toBe('22023');

    const task = await clean();
    const at = new Date().toISOString();
    const first = await answer(users.housekeeper.client, task.id, 'i-text', 'all fine', {
      answered_at: at,
    });
    expect(first.error).toBeNull();
    for (const status of ['done', 'cancelled'] as const) {
      await forceStatus(task.id, status);
      const replay = await answer(users.housekeeper.client, task.id, 'i-text', 'all fine', {
        answered_at: at,
      });
      expect(replay.error).toBeNull();
      expect(replay.data).toEqual(first.data);
      const changed = await answer(users.housekeeper.client, task.id, 'i-text', 'changed', {
        answered_at: new Date(Date.now() + 5000).toISOString(),
      });
      expect({ status, code: changed.error?.code }).toEqual({ status, code: '22023' });
      const added = await answer(users.manager.client, task.id, 'i-tick', true);
      expect({ status, code: added.error?.code }).toEqual({ status, code: '22023' });
    }
    expect(await answersOf(task.id)).toEqual([first.data]);
  });

  it('an inspected clean: nobody changes its answers, its photos or its files', async () => {
    const task = await clean();
    await completeRequired(task);
    const before = await answersOf(task.id);
    const done = await transition(users.housekeeper.client, await taskRow(task.id), 'done');
    expect(done.error).toBeNull();
    const inspected = await transition(users.manager.client, await taskRow(task.id), 'inspected');
    expect(inspected.error).toBeNull();
    for (const actor of ['housekeeper', 'manager', 'admin'] as const) {
      const res = await answer(clientOf(actor), task.id, 'i-tick', false, {
        answered_at: new Date(Date.now() + 10_000).toISOString(),
      });
      expect({ actor, code: res.error?.code }).toEqual({ actor, code: '22023' });
      const text = await answer(clientOf(actor), task.id, 'i-text', 'late remark');
      expect({ actor, code: text.error?.code }).toEqual({ actor, code: '22023' });
      const photoId = randomUUID();
      const up = await upload(clientOf(actor), task.id, photoId);
      expect({ actor, uploaded: up.error === null }).toEqual({ actor, uploaded: false });
      const rec = await recordPhoto(clientOf(actor), task.id, photoId);
      expect({ actor, code: rec.error?.code }).toEqual({ actor, code: '22023' });
    }
    const [photo] = (
      await service().from('cleaning_task_photos').select('*').eq('task_id', task.id)
    ).data!;
    const removed = await users.manager.client.rpc('remove_checklist_photo', {
      photo_id: photo!.id,
    });
    expect(removed.error?.code).toBe('22023');
    const rm = await users.manager.client.storage
      .from('clean-photos')
      .remove([photo!.storage_path]);
    expect(rm.data ?? []).toEqual([]);
    expect(await answersOf(task.id)).toEqual(before);
  });
});

describe('photos: the clean-photos bucket and record_checklist_photo', () => {
  it('uploads by the assignee or a manager; reads with housekeeping.view', async () => {
    const task = await clean();
    const expectedUpload: Record<Actor | 'other', boolean> = {
      anon: false,
      norole: false,
      technician: false,
      other: false,
      housekeeper: true,
      manager: true,
      admin: true,
    };
    const ids: Record<string, string> = {};
    for (const [actor, ok] of Object.entries(expectedUpload)) {
      const photoId = randomUUID();
      ids[actor] = photoId;
      const up = await upload(clientOf(actor as Actor), task.id, photoId);
      expect({ actor, ok: up.error === null }).toEqual({ actor, ok });
      const rec = await recordPhoto(clientOf(actor as Actor), task.id, photoId);
      const code = actor === 'anon' ? '42501' : actor === 'norole' ? 'PT404' : ok ? null : '42501';
      expect({ actor, code: rec.error?.code ?? null }).toEqual({ actor, code });
    }
    // Replaying an upload (x-upsert) overwrites the partial file.
    expect((await upload(users.housekeeper.client, task.id, ids.housekeeper!)).error).toBeNull();
    const file = `${task.id}/${ids.housekeeper}.jpg`;
    for (const actor of [
      'anon',
      'norole',
      'technician',
      'other',
      'housekeeper',
      'manager',
    ] as const) {
      const res = await clientOf(actor).storage.from('clean-photos').download(file);
      const readable = !['anon', 'norole'].includes(actor);
      expect({ actor, readable: res.error === null }).toEqual({ actor, readable });
      if (readable) expect(Buffer.from(await res.data!.arrayBuffer()).equals(PHOTO)).toBe(true);
    }
    // A file outside the <task_id>/<photo_id>.<ext> shape, or of another type, is refused.
    const bad = await users.housekeeper.client.storage
      .from('clean-photos')
      .upload(`${task.id}/notes.txt`, Buffer.from('x'), { contentType: 'text/plain' });
    expect(bad.error).not.toBeNull();
    const row = await taskRow(task.id);
    expect(row.photos_count).toBe(3);
  });

  it('record_checklist_photo is idempotent on the photo id and checks the path', async () => {
    const task = await clean();
    const photoId = randomUUID();
    expect((await upload(users.housekeeper.client, task.id, photoId)).error).toBeNull();
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => recordPhoto(users.housekeeper.client, task.id, photoId)),
    );
    for (const r of replays) expect(r.error).toBeNull();
    expect(new Set(replays.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(replays[0]!.data).toMatchObject({
      id: photoId,
      item_id: 'i-photo',
      sha256: PHOTO_SHA,
      bytes: PHOTO.length,
      created_by: users.housekeeper.id,
    });
    const { count } = await service()
      .from('cleaning_task_photos')
      .select('id', { count: 'exact', head: true })
      .eq('task_id', task.id);
    expect(count).toBe(1);
    // The same id for another item: refused.
    expect(
      (await recordPhoto(users.housekeeper.client, task.id, photoId, 'i-tick')).error?.code,
    ).toBe('22023');
    const wrongPath = await users.housekeeper.client.rpc('record_checklist_photo', {
      photo_id: randomUUID(),
      task_id: task.id,
      item_id: 'i-photo',
      storage_path: `${task.id}/somewhere-else.jpg`,
      bytes: 100,
      sha256: PHOTO_SHA,
    });
    expect(wrongPath.error?.code).toBe('22023');
    const badHash = await users.housekeeper.client.rpc('record_checklist_photo', {
      photo_id: photoId.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      task_id: task.id,
      item_id: 'i-photo',
      storage_path: `${task.id}/${photoId.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}.jpg`,
      bytes: 100,
      sha256: 'not-a-hash',
    });
    expect(badHash.error?.code).toBe('22023');
    expect(
      (await recordPhoto(users.housekeeper.client, task.id, randomUUID(), 'nope')).error?.code,
    ).toBe('22023');

    // Removing: the row, then the file; both idempotent. Other housekeepers may not.
    expect(
      (await other.client.rpc('remove_checklist_photo', { photo_id: photoId })).error?.code,
    ).toBe('42501');
    const file = `${task.id}/${photoId}.jpg`;
    const early = await users.housekeeper.client.storage.from('clean-photos').remove([file]);
    expect(early.data ?? []).toEqual([]); // a recorded photo's file stays
    const r1 = await users.housekeeper.client.rpc('remove_checklist_photo', { photo_id: photoId });
    expect(r1).toMatchObject({ error: null, data: true });
    const r2 = await users.housekeeper.client.rpc('remove_checklist_photo', { photo_id: photoId });
    expect(r2).toMatchObject({ error: null, data: false });
    const gone = await users.housekeeper.client.storage.from('clean-photos').remove([file]);
    expect(gone.error).toBeNull();
    expect(gone.data).toHaveLength(1);
    expect((await taskRow(task.id)).photos_count).toBe(0);
  });
});

describe('finishing and inspection', () => {
  it('finishing is refused (23514, naming the items) until every required item is done', async () => {
    const task = await clean();
    const refused = await transition(users.housekeeper.client, task, 'done');
    expect(refused.error?.code).toBe('23514');
    expect(refused.error?.message).toContain('Wipe the counters');
    expect(refused.error?.message).toContain('Fridge empty?');
    expect(refused.error?.message).toContain('Photo of the living room');
    expect(JSON.parse(refused.error!.details)).toEqual(['i-tick', 'i-yes', 'i-photo']);

    // A tick left unticked is not done; a "no" is an answer.
    await answer(users.housekeeper.client, task.id, 'i-tick', false);
    await answer(users.housekeeper.client, task.id, 'i-yes', false);
    const still = await transition(users.housekeeper.client, task, 'done');
    expect(still.error?.code).toBe('23514');
    expect(JSON.parse(still.error!.details)).toEqual(['i-tick', 'i-photo']);

    await completeRequired(task);
    const after = await taskRow(task.id);
    expect(after.version).toBe(task.version);
    const done = await transition(users.housekeeper.client, after, 'done');
    expect(done.error).toBeNull();
    expect(done.data).toMatchObject({ status: 'done', version: task.version + 1 });
  });

  it('inspection: managers and housekeeping.inspect pass or send back (with a note); housekeepers do not', async () => {
    for (const actor of ['manager', 'admin'] as const) {
      const keys = await clientOf(actor).rpc('my_permissions');
      expect(keys.data).toContain('housekeeping.inspect');
    }
    const hkKeys = await users.housekeeper.client.rpc('my_permissions');
    expect(hkKeys.data).not.toContain('housekeeping.inspect');

    const task = await clean();
    await completeRequired(task);
    let row = (await transition(users.housekeeper.client, await taskRow(task.id), 'done')).data!;
    for (const actor of ['anon', 'norole', 'housekeeper', 'other', 'technician'] as const) {
      const res = await transition(clientOf(actor), row, 'inspected');
      expect({ actor, code: res.error?.code }).toEqual({
        actor,
        code: actor === 'norole' ? 'PT404' : '42501',
      });
    }
    const noNote = await transition(users.manager.client, row, 'in_progress');
    expect(noNote.error?.code).toBe('22023');
    const blank = await transition(users.manager.client, row, 'in_progress', '   ');
    expect(blank.error?.code).toBe('22023');
    // An admin sends it back; a role holding only housekeeping.inspect passes it below.
    const back = await transition(
      users.admin.client,
      row,
      'in_progress',
      'Mirror in bath 2 streaky',
    );
    expect(back.error).toBeNull();
    row = back.data!;
    expect(row).toMatchObject({
      status: 'in_progress',
      inspection_note: 'Mirror in bath 2 streaky',
    });
    // The housekeeper sees the note on her clean.
    const seen = await users.housekeeper.client
      .from('cleaning_tasks')
      .select('inspection_note')
      .eq('id', task.id)
      .single();
    expect(seen.data?.inspection_note).toBe('Mirror in bath 2 streaky');
    // Reopened: she may change answers again, and finish again.
    const fixed = await answer(users.housekeeper.client, task.id, 'i-text', 'mirror redone');
    expect(fixed.error).toBeNull();
    row = (await transition(users.housekeeper.client, await taskRow(task.id), 'done')).data!;
    expect(row.inspection_note).toBe('Mirror in bath 2 streaky');

    // A role holding housekeeping.inspect (and reading cleans) but not housekeeping.manage passes it.
    const roleName = `inspector_${randomUUID().slice(0, 8)}`;
    const role = (
      await service()
        .from('roles')
        .insert({ name: roleName, description: 'test' })
        .select('id')
        .single()
    ).data!;
    await service()
      .from('role_permissions')
      .upsert(
        ['housekeeping.inspect', 'housekeeping.view', 'properties.view'].map((k) => ({
          role_id: role.id,
          permission_key: k,
          granted: true,
        })),
        { onConflict: 'role_id,permission_key' },
      )
      .throwOnError();
    const inspector = await createUser('inspector');
    fx.trackUsers(inspector);
    await service()
      .from('user_roles')
      .insert({ user_id: inspector.id, role_id: role.id })
      .throwOnError();
    const passed = await transition(inspector.client, row, 'inspected');
    expect(passed.error).toBeNull();
    expect(passed.data).toMatchObject({
      status: 'inspected',
      inspection_note: '',
      inspected_by: inspector.id,
    });
    await service().from('user_roles').delete().eq('user_id', inspector.id);
    await service().from('roles').delete().eq('id', role.id);
  });

  it('a replayed transition (same X-Mutation-Id) applies once; a stale version is PT409', async () => {
    const task = await clean();
    await completeRequired(task);
    const row = await taskRow(task.id);
    const mid = randomUUID();
    const send = () =>
      users.housekeeper.client
        .rpc('transition_cleaning_task', {
          task_id: task.id,
          to_status: 'done',
          from_version: row.version,
        })
        .setHeader('X-Mutation-Id', mid);
    const results = await Promise.all(Array.from({ length: 3 }, send));
    for (const r of results) expect(r.error).toBeNull();
    expect((await taskRow(task.id)).version).toBe(row.version + 1);
    const stale = await transition(users.manager.client, row, 'inspected');
    expect(stale.error?.code).toBe('PT409');
  });

  it('a clean finished on two devices: one finish applies, the other is a 409 conflict, not an overwrite', async () => {
    const task = await clean();
    await completeRequired(task);
    const row = await taskRow(task.id);
    // Two phones, each with its own queued "Finish" (its own mutation id) made from the same version.
    const finish = () =>
      users.housekeeper.client
        .rpc('transition_cleaning_task', {
          task_id: task.id,
          to_status: 'done',
          from_version: row.version,
        })
        .setHeader('X-Mutation-Id', randomUUID());
    const [a, b] = await Promise.all([finish(), finish()]);
    const outcomes = [a, b].map((r) => r.error?.code ?? 'ok').sort();
    expect(outcomes).toEqual(['PT409', 'ok']);
    expect([a, b].find((r) => r.error)!.status).toBe(409);
    const after = await taskRow(task.id);
    expect(after).toMatchObject({ status: 'done', version: row.version + 1 });
  });
});

describe('progress for the board', () => {
  it('items_done and photos_count move with answers and photos; version and updated_at do not', async () => {
    const task = await clean();
    expect(task).toMatchObject({ items_total: 5, items_done: 0, photos_count: 0 });
    const hk = users.housekeeper.client;
    await answer(hk, task.id, 'i-tick', true);
    await answer(hk, task.id, 'i-num', 9); // out of range still counts as answered
    await answer(hk, task.id, 'i-text', '   '); // blank text is not done
    let row = await taskRow(task.id);
    expect(row).toMatchObject({ items_done: 2, photos_count: 0, version: task.version });
    expect(row.updated_at).toBe(task.updated_at);
    expect(row.updated_by).toBe(task.updated_by);
    await answer(hk, task.id, 'i-tick', false, {
      answered_at: new Date(Date.now() + 1000).toISOString(),
    });
    expect((await taskRow(task.id)).items_done).toBe(1);
    const photoId = randomUUID();
    await upload(hk, task.id, photoId);
    await recordPhoto(hk, task.id, photoId);
    row = await taskRow(task.id);
    expect(row).toMatchObject({ items_done: 2, photos_count: 1, version: task.version });
    expect(row.updated_at).toBe(task.updated_at);
    // The housekeeper reads the counters on her clean (the board's realtime carries the same row).
    const mine = await hk
      .from('cleaning_tasks')
      .select('items_total, items_done, photos_count')
      .eq('id', task.id)
      .single();
    expect(mine.data).toEqual({ items_total: 5, items_done: 2, photos_count: 1 });
    // A field edit made from the clean's updated_at still applies after the ticks.
    const edit = await users.manager.client
      .from('cleaning_tasks')
      .update({ notes: 'Bring extra towels' })
      .eq('id', task.id)
      .eq('updated_at', task.updated_at)
      .select('id');
    expect(edit.data).toHaveLength(1);
  });
});

describe('progress goes out live', () => {
  it("the manager's board hears each answer as an update of the clean, with the same version", async () => {
    const task = await clean();
    const manager = users.manager.client;
    const { data: session } = await manager.auth.getSession();
    manager.realtime.setAuth(session.session!.access_token);
    const seen: { items_done: number; photos_count: number; version: number }[] = [];
    const channel = manager.channel(`progress-${task.id}`);
    await new Promise<void>((resolve, reject) => {
      channel
        .on(
          'postgres_changes',
          {
            event: 'UPDATE',
            schema: 'public',
            table: 'cleaning_tasks',
            filter: `id=eq.${task.id}`,
          },
          (p) => seen.push(p.new as (typeof seen)[number]),
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
        });
    });
    try {
      await answer(users.housekeeper.client, task.id, 'i-tick', true);
      await answer(users.housekeeper.client, task.id, 'i-yes', true);
      await expect.poll(() => seen.map((r) => r.items_done), { timeout: 10_000 }).toEqual([1, 2]);
      expect(seen.every((r) => r.version === task.version)).toBe(true);
    } finally {
      await manager.removeChannel(channel);
    }
  });
});

describe('answers and photos through realtime and embedding: only for who may read them', () => {
  it('the manager hears an answer and a photo row; a user with no role and anon hear nothing', async () => {
    const task = await clean();
    type Heard = { table: string };
    const listen = async (client: Client, seen: Heard[], name: string) => {
      const { data: session } = await client.auth.getSession();
      if (session.session) client.realtime.setAuth(session.session.access_token);
      const channel = client.channel(name);
      for (const table of ['cleaning_task_answers', 'cleaning_task_photos'])
        channel.on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table, filter: `task_id=eq.${task.id}` },
          () => seen.push({ table }),
        );
      await new Promise<void>((resolve, reject) => {
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
        });
      });
      return { client, channel };
    };
    const byManager: Heard[] = [];
    const byNoRole: Heard[] = [];
    const byAnon: Heard[] = [];
    const anon = anonClient();
    const subs = [
      await listen(users.manager.client, byManager, `answers-m-${task.id}`),
      await listen(users.norole.client, byNoRole, `answers-n-${task.id}`),
      await listen(anon, byAnon, `answers-a-${task.id}`),
    ];
    try {
      await answer(users.housekeeper.client, task.id, 'i-tick', true);
      const photoId = randomUUID();
      const up = await users.housekeeper.client.storage
        .from('clean-photos')
        .upload(`${task.id}/${photoId}.jpg`, PHOTO, { contentType: 'image/jpeg' });
      expect(up.error).toBeNull();
      const rec = await users.housekeeper.client.rpc('record_checklist_photo', {
        photo_id: photoId,
        task_id: task.id,
        item_id: 'i-photo',
        storage_path: `${task.id}/${photoId}.jpg`,
        bytes: PHOTO.length,
        sha256: PHOTO_SHA,
      });
      expect(rec.error).toBeNull();
      // The manager's copy of both inserts arriving is the moment the others would have had theirs.
      await expect
        .poll(() => byManager.map((h) => h.table).sort(), { timeout: 10_000 })
        .toEqual(['cleaning_task_answers', 'cleaning_task_photos']);
      expect(byNoRole).toEqual([]);
      expect(byAnon).toEqual([]);
    } finally {
      for (const { client, channel } of subs) await client.removeChannel(channel);
    }
  });

  it('embedded under a clean, answers and photos show to the manager and to nobody without housekeeping.view', async () => {
    const task = await clean();
    await answer(users.housekeeper.client, task.id, 'i-tick', true);
    const embed = (client: Client) =>
      client
        .from('cleaning_tasks')
        .select('id, cleaning_task_answers(item_id), cleaning_task_photos(id)')
        .eq('id', task.id);
    const manager = await embed(users.manager.client);
    expect(manager.error).toBeNull();
    expect(manager.data?.[0]?.cleaning_task_answers).toEqual([{ item_id: 'i-tick' }]);
    for (const client of [users.norole.client, anonClient()]) {
      const r = await embed(client);
      expect(r.data ?? []).toEqual([]);
    }
    // Straight from the tables as well.
    for (const client of [users.norole.client, anonClient()]) {
      const a = await client.from('cleaning_task_answers').select('id').eq('task_id', task.id);
      expect(a.data ?? []).toEqual([]);
      const p = await client.from('cleaning_task_photos').select('id').eq('task_id', task.id);
      expect(p.data ?? []).toEqual([]);
    }
  });
});

describe('work orders from a failed item', () => {
  async function report(who: Client, task: CleaningTask, id: string, mid?: string) {
    const q = who.from('work_orders').insert({
      id,
      property_id: villa.id,
      title: 'Fridge not empty: guest food left',
      location: 'Kitchen',
      source: 'checklist_item',
      cleaning_task_id: task.id,
      checklist_item: 'i-yes',
      due_at: daysFromNow(51, 14),
      blocking: true,
    });
    return mid ? q.setHeader('X-Mutation-Id', mid) : q;
  }

  it('lands once: 5 deliveries of the same insert are one row; a second report of the item is refused', async () => {
    const task = await clean();
    const id = randomUUID();
    const mid = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => report(users.housekeeper.client, task, id, mid)),
    );
    for (const r of results) expect(r.error).toBeNull();
    const rows = (await service().from('work_orders').select('*').eq('cleaning_task_id', task.id))
      .data!;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      source: 'checklist_item',
      checklist_item: 'i-yes',
      blocking: true,
      reporter_id: users.housekeeper.id,
      status: 'open',
    });
    const second = await report(users.housekeeper.client, task, randomUUID(), randomUUID());
    expect(second.error?.code).toBe('23505');
    const byManager = await report(users.manager.client, task, randomUUID());
    expect(byManager.error?.code).toBe('23505');
    // Resolved, the item may be reported again.
    await service().from('work_orders').update({ status: 'closed' }).eq('id', id).throwOnError();
    const again = await report(users.housekeeper.client, task, randomUUID(), randomUUID());
    expect(again.error).toBeNull();
    await service().from('work_orders').delete().eq('cleaning_task_id', task.id);
  });

  it("only the clean's assignee or a manager links a report to it, and only on its villa", async () => {
    const task = await clean();
    for (const actor of ['other', 'technician'] as const) {
      const res = await report(clientOf(actor), task, randomUUID());
      expect({ actor, code: res.error?.code }).toEqual({ actor, code: '42501' });
    }
    const elsewhere = await fx.property();
    const wrongVilla = await users.housekeeper.client.from('work_orders').insert({
      id: randomUUID(),
      property_id: elsewhere.id,
      title: 'Wrong villa',
      source: 'checklist_item',
      cleaning_task_id: task.id,
      checklist_item: 'i-tick',
    });
    expect(wrongVilla.error?.code).toBe('42501');
    const ok = await report(users.housekeeper.client, task, randomUUID());
    expect(ok.error).toBeNull();
    await service().from('work_orders').delete().eq('cleaning_task_id', task.id);
  });
});

describe('demo data (supabase/seeds/50_checklist_runs.sql)', () => {
  it("Maria's cleans today and tomorrow run the villa turnover checklist; the past ones are answered and photographed", async () => {
    const maria = await signIn(DEMO.housekeeper.email, DEMO_PASSWORD);
    const today = (await maria.rpc('company_time_zone')).data!;
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: today }).format(
        new Date(Date.now() + offset * 86_400_000),
      );
    const { data: cleans, error } = await maria
      .from('cleaning_tasks')
      .select(
        'id, day, status, inspection_required, items_total, items_done, photos_count, checklist_version_id, cleaning_task_assignees!inner(user_id)',
      )
      .eq('cleaning_task_assignees.user_id', DEMO.housekeeper.id)
      .in(
        'id',
        ['101', '102', '103', '104', '105'].map((n) => `c1ea0000-0000-4000-8000-000000000${n}`),
      );
    expect(error).toBeNull();
    const byId = new Map(cleans!.map((c) => [c.id.slice(-3), c]));
    expect([...byId.keys()].sort()).toEqual(['101', '102', '103', '104', '105']);
    expect(byId.get('101')).toMatchObject({ day: day(0), status: 'in_progress', items_done: 8 });
    expect(byId.get('102')).toMatchObject({ day: day(0), status: 'scheduled', items_done: 0 });
    expect(byId.get('103')).toMatchObject({ day: day(1), status: 'scheduled' });
    expect(byId.get('104')).toMatchObject({ day: day(-1), status: 'done', items_done: 26 });
    expect(byId.get('105')).toMatchObject({
      status: 'done',
      inspection_required: true,
      items_done: 26,
      photos_count: 3,
    });
    for (const c of cleans!) expect(c.items_total).toBe(26);

    // The checklist: rooms as sections, every kind, required photos, critical items.
    const { data: version } = await maria
      .from('checklist_template_versions')
      .select('content')
      .eq('id', byId.get('101')!.checklist_version_id!)
      .single();
    const items = (
      version!.content as {
        sections: { items: { kind: string; required?: boolean; critical?: boolean }[] }[];
      }
    ).sections.flatMap((s) => s.items);
    expect(new Set(items.map((i) => i.kind))).toEqual(
      new Set(['tick', 'yes_no', 'number', 'text', 'photo']),
    );
    expect(items.filter((i) => i.kind === 'photo' && i.required).length).toBeGreaterThanOrEqual(3);
    expect(items.filter((i) => i.critical).length).toBeGreaterThanOrEqual(2);

    // The photos' files are in the bucket, byte for byte as their rows say.
    const { data: photos } = await maria
      .from('cleaning_task_photos')
      .select('storage_path, bytes, sha256')
      .in(
        'task_id',
        ['101', '104', '105'].map((n) => `c1ea0000-0000-4000-8000-000000000${n}`),
      );
    expect(photos).toHaveLength(7);
    for (const p of photos!) {
      const file = await maria.storage.from('clean-photos').download(p.storage_path);
      expect(file.error).toBeNull();
      const bytes = Buffer.from(await file.data!.arrayBuffer());
      expect(bytes.length).toBe(p.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(p.sha256);
    }
  });
});
