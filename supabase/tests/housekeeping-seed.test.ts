// The demo housekeeping of supabase/seeds/30_housekeeping.sql as the demo accounts see it: three
// housekeepers, three checklist templates behind the cleaning types, per-villa overrides, and one
// turnover per confirmed demo stay, assigned across the housekeepers, the past done (two late),
// the future scheduled.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, signIn, type Client } from './support.ts';

let manager: Client;
const DAY = 86_400_000;
const HOUSEKEEPERS = [
  { email: 'sofia@arivia.local', name: 'Sofia Alexiou' },
  { email: 'anna@arivia.local', name: 'Anna Roussaki' },
];

beforeAll(async () => {
  manager = await signIn(DEMO.manager.email, DEMO_PASSWORD);
});

describe('demo housekeepers', () => {
  it.each(HOUSEKEEPERS)(
    '$email signs in with the demo password and holds the housekeeper role',
    async ({ email, name }) => {
      const client = await signIn(email, DEMO_PASSWORD);
      const { data } = await client.rpc('my_permissions');
      expect(data).toContain('housekeeping.complete');
      expect(data).not.toContain('housekeeping.manage');
      const { data: staff } = await client.rpc('staff_directory');
      expect(staff!.find((s) => s.full_name === name)?.roles).toEqual(['housekeeper']);
    },
  );
});

describe('demo checklists and settings', () => {
  it('three templates with sections, every item kind, and the types pointing at them', async () => {
    const { data, error } = await manager
      .from('checklist_templates')
      .select(
        'name, current_version, checklist_template_versions!checklist_template_versions_template_id_fkey(version, content, item_count)',
      )
      .in('name', ['Villa turnover', 'Studio turnover', 'Inspection'])
      .order('name');
    expect(error).toBeNull();
    expect(data!.map((t) => [t.name, t.current_version])).toEqual([
      ['Inspection', 1],
      ['Studio turnover', 1],
      ['Villa turnover', 1],
    ]);
    const villa = data!.find((t) => t.name === 'Villa turnover')!.checklist_template_versions[0];
    const content = villa.content as { sections: { title: string; items: { kind: string }[] }[] };
    expect(content.sections.map((s) => s.title)).toEqual(
      expect.arrayContaining([
        'Kitchen',
        'Bedrooms',
        'Bathrooms',
        'Pool and terrace',
        'Outdoor areas',
      ]),
    );
    const kinds = new Set(content.sections.flatMap((s) => s.items.map((i) => i.kind)));
    expect([...kinds].sort()).toEqual(['number', 'photo', 'text', 'tick', 'yes_no']);
    const { data: types } = await manager
      .from('cleaning_types')
      .select('code, checklist_templates(name)')
      .not('code', 'is', null)
      .order('position');
    expect(types!.map((t) => [t.code, t.checklist_templates?.name])).toEqual([
      ['turnover', 'Villa turnover'],
      ['deep_clean', 'Villa turnover'],
      ['mid_stay', 'Studio turnover'],
      ['inspection', 'Inspection'],
    ]);
    const { data: overrides } = await manager.from('property_cleaning_overrides').select('id');
    expect(overrides!.length).toBeGreaterThanOrEqual(5);
  });
});

describe('demo cleans', () => {
  it('one turnover per confirmed demo stay, none for the cancelled one', async () => {
    const { data: stays } = await manager
      .from('reservations')
      .select('id, status, properties!inner(code)')
      .like('properties.code', '___-___-__');
    const { data: tasks } = await manager
      .from('cleaning_tasks')
      .select('turnover_for')
      .not('turnover_for', 'is', null)
      .in(
        'turnover_for',
        stays!.map((s) => s.id),
      );
    const confirmed = stays!.filter((s) => s.status === 'confirmed').map((s) => s.id);
    expect(tasks!.map((t) => t.turnover_for).sort()).toEqual(confirmed.sort());
  });

  it('spread over the past and next 30 days across three housekeepers: done, late, under way, unassigned', async () => {
    const from = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const { data, error } = await manager
      .from('cleaning_tasks')
      .select(
        'status, due_at, day, checklist_version_id, properties!inner(code), cleaning_task_assignees(user_id)',
      )
      .like('properties.code', '___-___-__')
      .gte('day', from)
      .lte('day', to);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(80);
    const now = Date.now();
    const byStatus = (s: string) => data!.filter((t) => t.status === s).length;
    expect(byStatus('done') + byStatus('inspected')).toBeGreaterThan(30);
    expect(byStatus('inspected')).toBeGreaterThan(0);
    expect(byStatus('scheduled')).toBeGreaterThan(30);
    const late = data!.filter((t) => t.status === 'scheduled' && Date.parse(t.due_at) < now);
    expect(late.length).toBe(2);
    const assignees = new Set(
      data!.flatMap((t) => t.cleaning_task_assignees.map((a) => a.user_id)),
    );
    expect(assignees.size).toBe(3);
    expect(assignees).toContain(DEMO.housekeeper.id);
    expect(
      data!.some((t) => t.cleaning_task_assignees.length === 0 && Date.parse(t.due_at) > now),
    ).toBe(true);
    // Every clean still to do has its checklist; of the finished ones, the older were recorded on
    // paper and keep none (seeds/50_checklist_runs.sql): never "Done, 0 of 26".
    const finished = (t: { status: string }) => t.status === 'done' || t.status === 'inspected';
    expect(data!.filter((t) => !finished(t)).every((t) => t.checklist_version_id !== null)).toBe(
      true,
    );
  });

  it('every finished clean with a checklist has all its items answered and its photos', async () => {
    const { data, error } = await manager
      .from('cleaning_tasks')
      .select('id, items_done, items_total, photos_count')
      .in('status', ['done', 'inspected'])
      .not('checklist_version_id', 'is', null);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(10);
    for (const t of data!) {
      expect(t.items_total, t.id).toBeGreaterThan(0);
      expect(t.items_done, t.id).toBe(t.items_total);
      expect(t.photos_count, t.id).toBeGreaterThan(0);
    }
  });

  it('a villa waiting for its clean says so, with the due time', async () => {
    const { data } = await manager
      .from('property_overview')
      .select('code, guest_ready, not_ready_reasons, not_ready_due_at')
      .like('code', '___-___-__')
      .contains('not_ready_reasons', ['turnover_pending']);
    expect(data!.length).toBeGreaterThan(0);
    for (const v of data!) {
      expect(v.guest_ready).toBe(false);
      expect(v.not_ready_due_at).not.toBeNull();
    }
  });
});
