// Resource embedding through supabase-js: many-to-one, one-to-many, one-to-one, many-to-many,
// self references, hints for two foreign keys to one table, views, `!inner`, filters / order /
// limit / or on embedded resources, null-embed filters, related order, spread, and PostgREST's
// PGRST200 / PGRST201 / PGRST108 / PGRST118 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  restHeaders,
  startFixtureServer,
  type FixtureServer,
} from './support/fixture-server.ts';

let fx: FixtureServer;
let sb: SupabaseClient;

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
  sb = anonClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

const rest = (path: string) => fetch(`${fx.url}/rest/v1${path}`, { headers: restHeaders() });

describe('relationship shapes', () => {
  it('many-to-one embeds an object (null when there is no parent)', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('id, owner:owners(name)')
      .in('id', [1, 4])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, owner: { name: 'Maria Papadopoulou' } },
      { id: 4, owner: null },
    ]);
  });

  it('one-to-many embeds an array (empty when there are no children)', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('id, tasks(id)')
      .order('id')
      .order('id', { referencedTable: 'tasks' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, tasks: [{ id: 1 }, { id: 2 }] },
      { id: 2, tasks: [{ id: 3 }] },
      { id: 3, tasks: [{ id: 4 }, { id: 5 }] },
      { id: 4, tasks: [] },
    ]);
  });

  it('one-to-one embeds an object in both directions', async () => {
    const { data } = await sb
      .from('villas')
      .select('id, villa_settings(wifi_name)')
      .in('id', [1, 3])
      .order('id');
    expect(data).toEqual([
      { id: 1, villa_settings: { wifi_name: 'Aegean-5G' } },
      { id: 3, villa_settings: null },
    ]);
    const back = await sb
      .from('villa_settings')
      .select('wifi_name, villas(name)')
      .eq('villa_id', 2)
      .single();
    expect(back.data).toEqual({ wifi_name: 'Olive', villas: { name: 'Villa Olive' } });
  });

  it('many-to-many goes through the junction table', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('name, staff(name)')
      .in('id', [1, 4])
      .order('id')
      .order('name', { referencedTable: 'staff' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Villa Aegean', staff: [{ name: 'Dimitris' }, { name: 'Katerina' }] },
      { name: 'Villa Thyme', staff: [] },
    ]);
    const back = await sb.from('staff').select('name, villas(name)').eq('id', 3).single();
    expect((back.data as { villas: { name: string }[] }).villas.map((v) => v.name).sort()).toEqual([
      'Villa Aegean',
      'Villa Olive',
    ]);
    const junction = await sb
      .from('villas')
      .select('name, villa_staff(role, staff(name))')
      .eq('id', 3)
      .single();
    expect(junction.data).toEqual({
      name: 'Villa Cypress',
      villa_staff: [{ role: 'technician', staff: { name: 'Yannis' } }],
    });
  });

  it('self reference: children by table name, parent by the foreign-key column', async () => {
    const { data, error } = await sb
      .from('staff')
      .select('name, reports:staff(name), manager:manager_id(name)')
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Dimitris',
      reports: [{ name: 'Yannis' }],
      manager: { name: 'Sofia (manager)' },
    });
  });

  it('a foreign-key column or constraint name can stand for the target', async () => {
    const { data } = await sb.from('tasks').select('title, villa_id(name)').eq('id', 3).single();
    expect(data).toEqual({ title: 'Fix wifi router', villa_id: { name: 'Villa Olive' } });
    const byConstraint = await sb
      .from('tasks')
      .select('title, tasks_villa_id_fkey(name)')
      .eq('id', 3)
      .single();
    expect(byConstraint.data).toEqual({
      title: 'Fix wifi router',
      tasks_villa_id_fkey: { name: 'Villa Olive' },
    });
  });

  it('nests several levels', async () => {
    const { data, error } = await sb
      .from('owners')
      .select('name, villas(name, tasks(title, assignee:staff!assigned_to(name)))')
      .eq('id', 2)
      .order('id', { referencedTable: 'villas.tasks' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Nikos Georgiou',
      villas: [
        {
          name: 'Villa Cypress',
          tasks: [
            { title: 'Repair roof', assignee: { name: 'Yannis' } },
            { title: 'Paint shutters', assignee: { name: 'Yannis' } },
          ],
        },
      ],
    });
  });
});

describe('hints and ambiguity', () => {
  it('two foreign keys to one table are ambiguous: 300 PGRST201 with the candidates', async () => {
    const { error, status } = await sb.from('tasks').select('title, staff(name)');
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'tasks' and 'staff'",
      hint: "Try changing 'staff' to one of the following: 'staff!tasks_created_by_fkey', 'staff!tasks_assigned_to_fkey'. Find the desired relationship in the 'details' key.",
    });
    expect(error?.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'tasks with staff',
        relationship: 'tasks_created_by_fkey using tasks(created_by) and staff(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'tasks with staff',
        relationship: 'tasks_assigned_to_fkey using tasks(assigned_to) and staff(id)',
      },
    ]);
  });

  it('a column or constraint hint picks one', async () => {
    const { data, error } = await sb
      .from('tasks')
      .select('title, creator:staff!created_by(name), assignee:staff!tasks_assigned_to_fkey(name)')
      .eq('id', 3)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Fix wifi router',
      creator: { name: 'Dimitris' },
      assignee: { name: 'Katerina' },
    });
    const back = await sb
      .from('staff')
      .select('name, tasks!assigned_to(title)')
      .eq('id', 4)
      .single();
    expect((back.data as { tasks: unknown[] }).tasks).toHaveLength(2);
  });

  it('no relationship is 400 PGRST200, with a suggestion when the name is close', async () => {
    const { error, status } = await sb.from('villas').select('*, kv(*)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'villas' and 'kv' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'villas' and 'kv' in the schema 'public', but no matches were found.",
      hint: null,
    });
    const typo = await sb.from('villas').select('*, taks(*)');
    expect(typo.error?.hint).toBe("Perhaps you meant 'tasks' instead of 'taks'.");
    const badHint = await sb.from('tasks').select('staff!nope(name)');
    expect(badHint.error?.details).toBe(
      "Searched for a foreign key relationship between 'tasks' and 'staff' using the hint 'nope' in the schema 'public', but no matches were found.",
    );
  });
});

describe('views', () => {
  it('views embed through the columns they take from their base table', async () => {
    const { data, error } = await sb
      .from('active_villas')
      .select('name, owners(name), tasks(title)')
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Villa Olive',
      owners: { name: 'Maria Papadopoulou' },
      tasks: [{ title: 'Fix wifi router' }],
    });
    const back = await sb
      .from('owners')
      .select('name, active_villas(name)')
      .eq('id', 1)
      .order('id', { referencedTable: 'active_villas' })
      .single();
    expect(back.data).toEqual({
      name: 'Maria Papadopoulou',
      active_villas: [{ name: 'Villa Aegean' }, { name: 'Villa Olive' }],
    });
  });
});

describe('filtering, ordering and limiting embedded resources', () => {
  it('filters on an embed filter its rows, not the parent', async () => {
    const { data } = await sb
      .from('villas')
      .select('id, tasks(title)')
      .eq('tasks.done', true)
      .order('id');
    expect(data).toEqual([
      { id: 1, tasks: [{ title: 'Replace towels' }] },
      { id: 2, tasks: [] },
      { id: 3, tasks: [] },
      { id: 4, tasks: [] },
    ]);
  });

  it('!inner drops parents without matching children (and counts agree)', async () => {
    const { data, count } = await sb
      .from('villas')
      .select('id, tasks!inner(title)', { count: 'exact' })
      .eq('tasks.priority', 1)
      .order('id');
    expect(data).toEqual([
      { id: 2, tasks: [{ title: 'Fix wifi router' }] },
      { id: 3, tasks: [{ title: 'Repair roof' }] },
    ]);
    expect(count).toBe(2);
  });

  it('!inner on a to-one embed filters by the parent row', async () => {
    const { data } = await sb
      .from('tasks')
      .select('id, villas!inner(status)')
      .eq('villas.status', 'maintenance')
      .order('id');
    expect(data).toEqual([
      { id: 4, villas: { status: 'maintenance' } },
      { id: 5, villas: { status: 'maintenance' } },
    ]);
  });

  it('an empty embed only filters: name,tasks!inner()', async () => {
    const r = await rest('/villas?select=name,tasks!inner()&tasks.title=eq.Repair%20roof');
    expect(await r.json()).toEqual([{ name: 'Villa Cypress' }]);
  });

  it('order, limit and offset per embed', async () => {
    const { data } = await sb
      .from('villas')
      .select('id, tasks(title, priority)')
      .eq('id', 3)
      .order('priority', { referencedTable: 'tasks', ascending: false })
      .limit(1, { referencedTable: 'tasks' })
      .single();
    expect(data).toEqual({ id: 3, tasks: [{ title: 'Paint shutters', priority: 3 }] });
    const r = await rest('/villas?select=id,tasks(id)&id=eq.3&tasks.order=id&tasks.offset=1');
    expect(await r.json()).toEqual([{ id: 3, tasks: [{ id: 5 }] }]);
  });

  it('or() on an embed', async () => {
    const { data } = await sb
      .from('villas')
      .select('id, tasks(id)')
      .eq('id', 1)
      .or('priority.eq.2,done.is.true', { referencedTable: 'tasks' })
      .order('id', { referencedTable: 'tasks' })
      .single();
    expect(data).toEqual({ id: 1, tasks: [{ id: 1 }, { id: 2 }] });
  });

  it('filters by aliased embeds use the alias', async () => {
    const { data, error } = await sb
      .from('tasks')
      .select('id, assignee:staff!assigned_to!inner(name)')
      .eq('assignee.name', 'Katerina')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 2, assignee: { name: 'Katerina' } },
      { id: 3, assignee: { name: 'Katerina' } },
    ]);
  });

  it('is null / not is null on an embed keeps parents without / with one', async () => {
    const without = await sb
      .from('villas')
      .select('id, villa_settings(wifi_name)')
      .is('villa_settings', null)
      .order('id');
    expect(without.data).toEqual([
      { id: 3, villa_settings: null },
      { id: 4, villa_settings: null },
    ]);
    const withTasks = await sb
      .from('villas')
      .select('id, tasks(id)')
      .not('tasks', 'is', null)
      .eq('tasks.done', true);
    expect(withTasks.data).toEqual([{ id: 1, tasks: [{ id: 2 }] }]);
    const counted = await sb
      .from('villas')
      .select('id, tasks(id)', { count: 'exact', head: true })
      .not('tasks', 'is', null);
    expect(counted.count).toBe(3);
    const inOr = await rest(
      '/villas?select=id,villa_settings(wifi_name)&or=(villa_settings.is.null,id.eq.1)&order=id',
    );
    expect((await inOr.json()).map((v: { id: number }) => v.id)).toEqual([1, 3, 4]);
  });

  it('order by a to-one embed column', async () => {
    const { data, error } = await sb
      .from('tasks')
      .select('id, villas(name)')
      .order('villas(name)', { ascending: false })
      .order('id');
    expect(error).toBeNull();
    expect((data as { id: number }[]).map((t) => t.id)).toEqual([3, 4, 5, 1, 2]);
  });

  it('order by a to-many embed is 400 PGRST118', async () => {
    const r = await rest('/villas?select=id,tasks(title)&order=tasks(title)');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      code: 'PGRST118',
      message: "A related order on 'tasks' is not possible",
      details: "'villas' and 'tasks' do not form a many-to-one or one-to-one relationship",
    });
  });

  it('filters on a resource that is not embedded are 400 PGRST108', async () => {
    const { error, status } = await sb.from('villas').select('id').eq('tasks.done', true);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST108',
      message: "'tasks' is not an embedded resource in this request",
      hint: "Verify that 'tasks' is included in the 'select' query parameter.",
    });
  });

  it('other operators on an embed name are 400 PGRST120', async () => {
    const r = await rest('/villas?select=id,tasks(id)&tasks=eq.1');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'PGRST120' });
  });
});

describe('spread', () => {
  it('...to-one embeds put their columns on the parent', async () => {
    const { data, error } = await sb
      .from('tasks')
      .select('title, ...villas(villa_name:name, status)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Clean pool', villa_name: 'Villa Aegean', status: 'active' });
  });

  it('spreading a to-many embed gives arrays (PostgREST 13; aggregates there are PGRST127)', async () => {
    const r = await rest('/villas?select=id,...tasks(title)&id=in.(3,4)&order=id&tasks.order=id');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([
      { id: 3, title: ['Repair roof', 'Paint shutters'] },
      { id: 4, title: [] },
    ]);
    const agg = await rest('/villas?select=id,...tasks(id.count())');
    expect(agg.status).toBe(400);
    expect(await agg.json()).toMatchObject({ code: 'PGRST127' });
  });
});

describe('embedding on function results', () => {
  it('rpc returning a table type embeds like the table', async () => {
    const { data, error } = await sb
      .rpc('villas_with_min_bedrooms', { min_bedrooms: 3 })
      .select('name, owners(name), tasks(count:id)')
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Villa Aegean',
        owners: { name: 'Maria Papadopoulou' },
        tasks: [{ count: 1 }, { count: 2 }],
      },
      {
        name: 'Villa Cypress',
        owners: { name: 'Nikos Georgiou' },
        tasks: [{ count: 4 }, { count: 5 }],
      },
    ]);
  });
});
