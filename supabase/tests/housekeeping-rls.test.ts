// Housekeeping through supabase-js, per role: who reads and writes cleans, their assignees and
// activity, cleaning settings and checklist templates; every allowed and refused status transition
// (stale versions answer 409, replays of one X-Mutation-Id apply once); checklist versioning; and
// the narrow staff directory field staff use instead of profiles.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  DEMO,
  outcome,
  serviceClient,
  type Client,
  type Outcome,
  type TestUser,
} from './support.ts';
import {
  ACTORS,
  createActors,
  daysFromNow,
  type Actor,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';
import {
  checklistContent,
  forceStatus,
  HousekeepingFixtures,
  taskRow,
  turnoverOf,
  typeId,
  type CleaningTask,
  type TaskStatus,
} from './housekeeping-fixtures.ts';

const fx = new HousekeepingFixtures();
let users: Record<SignedIn, TestUser>;
let villa: Property;
let task: CleaningTask;
let turnoverType: string;
/** A checklist with no required item: finishing (-> done) is not held by unanswered items here. */
let optionalVersion: string;
const service = () => serviceClient();
const clientOf = (actor: Actor): Client => (actor === 'anon' ? anonClient() : users[actor].client);

const matrix = (
  manager: Outcome,
  field: Outcome,
  norole: Outcome,
  technician: Outcome = field,
): Record<Actor, Outcome> => ({
  anon: 'denied',
  norole,
  housekeeper: field,
  technician,
  manager,
  admin: manager,
});

async function adHoc(extra: Record<string, unknown> = {}): Promise<CleaningTask> {
  const { data, error } = await service()
    .from('cleaning_tasks')
    .insert({
      property_id: villa.id,
      cleaning_type_id: turnoverType,
      window_start: daysFromNow(40, 10),
      due_at: daysFromNow(40, 15),
      ...extra,
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function assign(taskId: string, userId: string) {
  const { error } = await service()
    .from('cleaning_task_assignees')
    .insert({ task_id: taskId, user_id: userId });
  if (error) throw new Error(error.message);
}

beforeAll(async () => {
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  turnoverType = await typeId('turnover');
  const templateId = randomUUID();
  fx.trackTemplate(templateId);
  await service()
    .from('checklist_templates')
    .insert({ id: templateId, name: 'Optional only' })
    .throwOnError();
  const content = checklistContent();
  for (const s of content.sections) for (const i of s.items) i.required = false;
  optionalVersion = (
    await service()
      .from('checklist_template_versions')
      .insert({ template_id: templateId, content })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  villa = await fx.property({ name: 'Housekeeping RLS Villa', bedrooms: 2 });
  const stay = await fx.reservation(villa.id, daysFromNow(30, 13), daysFromNow(33, 9));
  task = (await turnoverOf(stay.id))!;
  await assign(task.id, users.housekeeper.id);
});

afterAll(async () => {
  await fx.cleanup();
});

describe('cleaning_tasks: read (housekeeping.view on villas the caller may see)', () => {
  const expected = matrix('ok', 'ok', 'none');
  it.each(ACTORS)('%s reading a clean, its assignees and its activity', async (actor) => {
    const res = await clientOf(actor)
      .from('cleaning_tasks')
      .select('id, status, cleaning_task_assignees(user_id)')
      .eq('id', task.id);
    expect(outcome(res)).toBe(expected[actor]);
    if (expected[actor] === 'ok') {
      expect(res.data![0].cleaning_task_assignees).toEqual([{ user_id: users.housekeeper.id }]);
      const log = await clientOf(actor)
        .from('cleaning_task_activity')
        .select('action')
        .eq('task_id', task.id);
      expect(log.data!.map((l) => l.action)).toEqual(
        expect.arrayContaining(['created', 'assigned']),
      );
    }
  });

  it('field staff see the window and guest numbers, never guest names', async () => {
    const { data } = await users.housekeeper.client
      .from('cleaning_tasks')
      .select('*')
      .eq('id', task.id)
      .single();
    expect(JSON.stringify(data)).not.toContain('Fixture Guest');
  });
});

describe('cleaning_tasks: write (housekeeping.manage)', () => {
  const insert = matrix('ok', 'denied', 'denied');
  it.each(ACTORS)('%s creating an ad-hoc deep clean', async (actor) => {
    const res = await clientOf(actor)
      .from('cleaning_tasks')
      .insert({
        property_id: villa.id,
        cleaning_type_id: await typeId('deep_clean'),
        window_start: daysFromNow(50, 8),
        due_at: daysFromNow(50, 16),
        notes: `ad hoc by ${actor}`,
      })
      .select('status, estimated_minutes, inspection_required, turnover_for, created_by');
    expect(outcome(res)).toBe(insert[actor]);
    if (insert[actor] === 'ok') {
      // A 2-bedroom villa: the deep clean's third default (180, 240, 300...), inspection required.
      expect(res.data![0]).toEqual({
        status: 'scheduled',
        estimated_minutes: 300,
        inspection_required: true,
        turnover_for: null,
        created_by: users[actor as SignedIn].id,
      });
    }
  });

  const update = matrix('ok', 'none', 'none');
  it.each(ACTORS)('%s rescheduling a clean and changing its priority', async (actor) => {
    const res = await clientOf(actor)
      .from('cleaning_tasks')
      .update({ priority: 'high', notes: `by ${actor}` })
      .eq('id', task.id)
      .select('id');
    expect(outcome(res)).toBe(update[actor]);
    expect((await taskRow(task.id)).notes).toBe(update[actor] === 'ok' ? `by ${actor}` : '');
    await service()
      .from('cleaning_tasks')
      .update({ priority: 'normal', notes: '' })
      .eq('id', task.id);
  });

  it('nobody sets a status directly: status moves only through transition_cleaning_task', async () => {
    const res = await users.manager.client
      .from('cleaning_tasks')
      .update({ status: 'done' })
      .eq('id', task.id)
      .select();
    expect(res.error?.code).toBe('42501');
  });

  it.each(ACTORS)('%s cannot delete a clean (cancel it instead)', async (actor) => {
    const res = await clientOf(actor).from('cleaning_tasks').delete().eq('id', task.id).select();
    expect(outcome(res)).toBe('denied');
  });
});

describe('cleaning_task_assignees (housekeeping.manage assigns)', () => {
  const insert = matrix('ok', 'denied', 'denied');
  it.each(ACTORS)('%s assigning a housekeeper', async (actor) => {
    const clean = await adHoc();
    const res = await clientOf(actor)
      .from('cleaning_task_assignees')
      .insert({ task_id: clean.id, user_id: DEMO.housekeeper.id })
      .select('user_id, created_by');
    expect(outcome(res)).toBe(insert[actor]);
    const { data } = await service()
      .from('cleaning_task_assignees')
      .select('user_id')
      .eq('task_id', clean.id);
    expect(data).toHaveLength(insert[actor] === 'ok' ? 1 : 0);
  });

  const remove = matrix('ok', 'none', 'none');
  it.each(ACTORS)('%s unassigning', async (actor) => {
    const clean = await adHoc();
    await assign(clean.id, DEMO.housekeeper.id);
    const res = await clientOf(actor)
      .from('cleaning_task_assignees')
      .delete()
      .eq('task_id', clean.id)
      .select();
    expect(outcome(res)).toBe(remove[actor]);
  });

  it('only people who do cleans can be assigned (a technician cannot)', async () => {
    const clean = await adHoc();
    const res = await users.manager.client
      .from('cleaning_task_assignees')
      .insert({ task_id: clean.id, user_id: users.technician.id })
      .select();
    expect(res.error?.code).toBe('22023');
  });
});

describe('transition_cleaning_task: every allowed and refused move', () => {
  const ALL: TaskStatus[] = [
    'scheduled',
    'in_progress',
    'done',
    'inspected',
    'skipped',
    'cancelled',
  ];
  const ALLOWED: [TaskStatus, TaskStatus][] = [
    ['scheduled', 'in_progress'],
    ['scheduled', 'skipped'],
    ['scheduled', 'cancelled'],
    ['in_progress', 'done'],
    ['in_progress', 'scheduled'],
    ['in_progress', 'cancelled'],
    ['done', 'inspected'],
    ['done', 'in_progress'],
    ['skipped', 'scheduled'],
    ['cancelled', 'scheduled'],
  ];
  const isAllowed = (f: TaskStatus, t: TaskStatus) => ALLOWED.some(([a, b]) => a === f && b === t);
  const WORKER: [TaskStatus, TaskStatus][] = [
    ['scheduled', 'in_progress'],
    ['in_progress', 'done'],
    ['in_progress', 'scheduled'],
  ];
  const isWorker = (f: TaskStatus, t: TaskStatus) => WORKER.some(([a, b]) => a === f && b === t);
  const pairs = ALL.flatMap((f) => ALL.map((t) => [f, t] as [TaskStatus, TaskStatus]));

  it.each(pairs)('manager: %s -> %s', async (from, to) => {
    const clean = await forceStatus(
      (await adHoc({ checklist_version_id: optionalVersion })).id,
      from,
    );
    const res = await users.manager.client.rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: to,
      from_version: clean.version,
      // Sending a done clean back needs a note for the housekeeper (20261125100200).
      ...(from === 'done' && to === 'in_progress' ? { note: 'Sent back: mirror streaky' } : {}),
    });
    const after = await taskRow(clean.id);
    if (isAllowed(from, to)) {
      expect(res.error).toBeNull();
      expect(after).toMatchObject({ status: to, version: clean.version + 1 });
      if (to === 'in_progress') expect(after.started_at).not.toBeNull();
      if (to === 'done') expect(after.finished_at).not.toBeNull();
      if (to === 'inspected') expect(after.inspected_by).toBe(users.manager.id);
    } else {
      expect(res.error?.code).toBe('22023');
      expect(after).toMatchObject({ status: from, version: clean.version });
    }
  });

  it.each(ALLOWED)('housekeeper assigned to the clean: %s -> %s', async (from, to) => {
    const clean = await forceStatus(
      (await adHoc({ checklist_version_id: optionalVersion })).id,
      from,
    );
    await assign(clean.id, users.housekeeper.id);
    const res = await users.housekeeper.client.rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: to,
      from_version: clean.version,
    });
    if (isWorker(from, to)) expect(res.error).toBeNull();
    else expect(res.error?.code).toBe('42501');
    expect((await taskRow(clean.id)).status).toBe(isWorker(from, to) ? to : from);
  });

  it.each(WORKER)(
    'housekeeper not assigned, and technician: %s -> %s refused',
    async (from, to) => {
      const clean = await forceStatus(
        (await adHoc({ checklist_version_id: optionalVersion })).id,
        from,
      );
      await assign(clean.id, DEMO.housekeeper.id);
      for (const actor of ['housekeeper', 'technician'] as const) {
        const res = await users[actor].client.rpc('transition_cleaning_task', {
          task_id: clean.id,
          to_status: to,
          from_version: clean.version,
        });
        expect(res.error?.code).toBe('42501');
      }
      expect((await taskRow(clean.id)).status).toBe(from);
    },
  );

  it('anon and a user with no role are refused', async () => {
    const clean = await adHoc();
    const anon = await anonClient().rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: 'in_progress',
      from_version: 1,
    });
    expect(anon.error?.code).toBe('42501');
    const norole = await users.norole.client.rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: 'in_progress',
      from_version: 1,
    });
    expect(norole.error?.code).toBe('PT404');
    expect((await taskRow(clean.id)).status).toBe('scheduled');
  });

  it('a stale version is a conflict (409) and changes nothing', async () => {
    const clean = await adHoc();
    const first = await users.manager.client.rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: 'in_progress',
      from_version: 1,
    });
    expect(first.error).toBeNull();
    const stale = await users.admin.client.rpc('transition_cleaning_task', {
      task_id: clean.id,
      to_status: 'skipped',
      from_version: 1,
    });
    expect(stale.error?.code).toBe('PT409');
    expect(stale.status).toBe(409);
    expect(await taskRow(clean.id)).toMatchObject({ status: 'in_progress', version: 2 });
  });

  it('a replayed X-Mutation-Id applies once and answers with the clean (5 deliveries at once)', async () => {
    const clean = await adHoc();
    await assign(clean.id, users.housekeeper.id);
    const mid = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        users.housekeeper.client
          .rpc('transition_cleaning_task', {
            task_id: clean.id,
            to_status: 'in_progress',
            from_version: 1,
            note: 'key under the mat',
          })
          .setHeader('X-Mutation-Id', mid),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    const after = await taskRow(clean.id);
    expect(after).toMatchObject({ status: 'in_progress', version: 2, notes: 'key under the mat' });
    const { data: log } = await service()
      .from('cleaning_task_activity')
      .select('action, actor_id, details')
      .eq('task_id', clean.id)
      .eq('action', 'status');
    expect(log).toEqual([
      { action: 'status', actor_id: users.housekeeper.id, details: { note: 'key under the mat' } },
    ]);
  });
});

describe('cleaning settings (settings.manage writes; housekeeping staff read)', () => {
  const read = matrix('ok', 'ok', 'none');
  it.each(ACTORS)('%s reading types, rules and overrides', async (actor) => {
    const res = await clientOf(actor)
      .from('cleaning_types')
      .select('code, name')
      .eq('code', 'turnover');
    expect(outcome(res)).toBe(read[actor]);
    const rules = await clientOf(actor).from('turnover_rules').select('enabled');
    expect(outcome(rules)).toBe(read[actor]);
  });

  const write = matrix('ok', 'denied', 'denied');
  it.each(ACTORS)("%s adding the company's own cleaning type", async (actor) => {
    const id = randomUUID();
    fx.trackType(id);
    const res = await clientOf(actor)
      .from('cleaning_types')
      .insert({
        id,
        name: `Linen change ${actor} ${id.slice(0, 6)}`,
        minutes_by_bedrooms: [20, 30, 40],
        color: '#10b981',
      })
      .select('code, name');
    expect(outcome(res)).toBe(write[actor]);
    if (write[actor] === 'ok') expect(res.data![0].code).toBeNull();
  });

  const update = matrix('ok', 'none', 'none');
  it.each(ACTORS)('%s changing the turnover rules', async (actor) => {
    const res = await clientOf(actor)
      .from('turnover_rules')
      .update({ fallback_window_hours: 24 })
      .eq('id', true)
      .select('updated_by');
    expect(outcome(res)).toBe(update[actor]);
  });

  it.each(ACTORS)('%s setting a per-villa override and default housekeeper', async (actor) => {
    const res = await clientOf(actor)
      .from('property_cleaning_overrides')
      .upsert(
        { property_id: villa.id, cleaning_type_id: await typeId('mid_stay'), minutes: 50 },
        { onConflict: 'property_id,cleaning_type_id' },
      )
      .select('minutes');
    expect(outcome(res)).toBe(write[actor]);
    const hk = await clientOf(actor)
      .from('property_housekeeping')
      .upsert({ property_id: villa.id, default_housekeeper_id: DEMO.housekeeper.id })
      .select('default_housekeeper_id');
    expect(outcome(hk)).toBe(write[actor]);
  });

  it('a built-in type cannot be deleted or recoded; an override changes what a new clean takes', async () => {
    const del = await users.manager.client
      .from('cleaning_types')
      .delete()
      .eq('code', 'turnover')
      .select();
    expect(del.error?.code).toBe('42501');
    const ov = await users.manager.client
      .from('property_cleaning_overrides')
      .upsert(
        {
          property_id: villa.id,
          cleaning_type_id: turnoverType,
          minutes: 95,
          inspection_required: true,
        },
        { onConflict: 'property_id,cleaning_type_id' },
      )
      .select();
    expect(ov.error).toBeNull();
    const clean = await adHoc();
    expect(clean).toMatchObject({ estimated_minutes: 95, inspection_required: true });
    await service().from('property_cleaning_overrides').delete().eq('property_id', villa.id);
  });
});

describe('checklist templates and versions (checklists.manage)', () => {
  const write = matrix('ok', 'denied', 'denied');
  it.each(ACTORS)('%s creating a template and publishing its first version', async (actor) => {
    const id = randomUUID();
    fx.trackTemplate(id);
    const res = await clientOf(actor)
      .from('checklist_templates')
      .insert({ id, name: `Template by ${actor}` })
      .select('id');
    expect(outcome(res)).toBe(write[actor]);
    await service()
      .from('checklist_templates')
      .upsert({ id, name: `Template by ${actor}` });
    const v = await clientOf(actor)
      .from('checklist_template_versions')
      .insert({ template_id: id, content: checklistContent() })
      .select('version, item_count');
    expect(outcome(v)).toBe(write[actor]);
    if (write[actor] === 'ok') expect(v.data).toEqual([{ version: 1, item_count: 5 }]);
  });

  const read = matrix('ok', 'ok', 'none');
  it.each(ACTORS)('%s reading templates and versions (field staff run them)', async (actor) => {
    const res = await clientOf(actor).from('checklist_template_versions').select('id').limit(1);
    expect(outcome(res)).toBe(read[actor]);
  });

  it('editing publishes a new version; cleans keep the version they were made from', async () => {
    const m = users.manager.client;
    const id = randomUUID();
    fx.trackTemplate(id);
    await m.from('checklist_templates').insert({ id, name: 'Versioned turnover' }).throwOnError();
    const v1 = await m
      .from('checklist_template_versions')
      .insert({ template_id: id, content: checklistContent('Kitchen') })
      .select()
      .single();
    const v2 = await m
      .from('checklist_template_versions')
      .insert({ template_id: id, content: checklistContent('Kitchen and pantry') })
      .select()
      .single();
    expect([v1.data!.version, v2.data!.version]).toEqual([1, 2]);
    // A villa whose turnovers follow this template: a clean made now keeps v2 after v3 is published.
    await m
      .from('property_cleaning_overrides')
      .upsert(
        { property_id: villa.id, cleaning_type_id: turnoverType, template_id: id },
        { onConflict: 'property_id,cleaning_type_id' },
      )
      .throwOnError();
    const clean = await adHoc();
    expect(clean.checklist_version_id).toBe(v2.data!.id);
    const v3 = await m
      .from('checklist_template_versions')
      .insert({ template_id: id, content: checklistContent('Kitchen, v3') })
      .select()
      .single();
    expect(v3.data!.version).toBe(3);
    expect((await taskRow(clean.id)).checklist_version_id).toBe(v2.data!.id);
    const { data: tpl } = await m
      .from('checklist_templates')
      .select('current_version, current_version_id')
      .eq('id', id)
      .single();
    expect(tpl).toEqual({ current_version: 3, current_version_id: v3.data!.id });
    // A published version is never edited or deleted; a used template is archived, not deleted.
    const edit = await m
      .from('checklist_template_versions')
      .update({ content: checklistContent('x') })
      .eq('id', v2.data!.id)
      .select();
    expect(edit.error?.code).toBe('42501');
    const del = await m.from('checklist_templates').delete().eq('id', id).select();
    expect(del.error?.code).toBe('23503');
    const archive = await m
      .from('checklist_templates')
      .update({ archived: true })
      .eq('id', id)
      .select('archived');
    expect(archive.data).toEqual([{ archived: true }]);
    await service().from('property_cleaning_overrides').delete().eq('property_id', villa.id);
    await service().from('cleaning_tasks').delete().eq('id', clean.id);
  });

  it('refuses content that is not a checklist', async () => {
    const id = randomUUID();
    fx.trackTemplate(id);
    await users.manager.client
      .from('checklist_templates')
      .insert({ id, name: 'Bad one' })
      .throwOnError();
    const bad = [
      { sections: [] },
      { sections: [{ id: 's', title: 'Pool', items: [{ id: 'i', label: 'pH', kind: 'dance' }] }] },
      {
        sections: [
          {
            id: 's',
            title: 'Pool',
            items: [{ id: 'i', label: 'pH', kind: 'number', min: 8, max: 7 }],
          },
        ],
      },
      {
        sections: [
          {
            id: 's',
            title: 'Pool',
            items: [
              { id: 'i', label: 'a', kind: 'tick' },
              { id: 'i', label: 'b', kind: 'tick' },
            ],
          },
        ],
      },
    ];
    for (const content of bad) {
      const res = await users.manager.client
        .from('checklist_template_versions')
        .insert({ template_id: id, content })
        .select();
      expect(res.error?.code).toBe('22023');
    }
  });
});

describe('staff_directory(): names and avatars for colleagues', () => {
  it.each(['housekeeper', 'technician', 'manager', 'admin'] as const)(
    '%s sees colleagues by name, nothing more',
    async (actor) => {
      const { data, error } = await users[actor].client.rpc('staff_directory');
      expect(error).toBeNull();
      const maria = data!.find((p) => p.id === DEMO.housekeeper.id)!;
      expect(Object.keys(maria).sort()).toEqual(['avatar_url', 'full_name', 'id', 'roles']);
      expect(maria.roles).toEqual(['housekeeper']);
      expect(maria.full_name).not.toBe('');
      expect(JSON.stringify(data)).not.toContain('@');
      expect(data!.some((p) => p.id === users.norole.id)).toBe(false);
    },
  );

  it('anon and a user with no role are refused', async () => {
    expect((await anonClient().rpc('staff_directory')).error?.code).toBe('42501');
    expect((await users.norole.client.rpc('staff_directory')).error?.code).toBe('42501');
  });
});
