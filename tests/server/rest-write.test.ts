// Writes through supabase-js: insert (single, bulk, columns=, missing=default), upsert (merge,
// ignore, on_conflict), update, delete, return=minimal|representation|headers-only, counts,
// single() on writes (406 and rollback), tx=rollback, max-affected, and Postgres' constraint
// errors with PostgREST's statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  restHeaders,
  serviceClient,
  startFixtureServer,
  type FixtureServer,
} from './support/fixture-server.ts';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

let fx: FixtureServer;
let sb: SupabaseClient;

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
  sb = serviceClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${fx.url}/rest/v1${path}`, {
    ...init,
    headers: restHeaders(
      {
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
      WELL_KNOWN.serviceRoleKey,
    ),
  });

async function kv(key: string) {
  const { data } = await sb.from('kv').select('*').eq('key', key).maybeSingle();
  return data as { key: string; value: string | null; hits: number; tag: string | null } | null;
}

describe('insert', () => {
  it('one row: 201 with the row as stored (defaults, identity, generated columns)', async () => {
    const { data, error, status } = await sb
      .from('villas')
      .insert({ name: 'Villa Sage', bedrooms: 2, description: 'Herb garden' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({
      id: 5,
      name: 'Villa Sage',
      status: 'active',
      amenities: [],
      details: {},
      code: 'VIL',
    });
    expect((data as { search: string }).search).toContain("'herb'");
  });

  it('without select(): 201 and no body (return=minimal)', async () => {
    const { data, error, status } = await sb.from('kv').insert({ key: 'm1', value: 'x' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await kv('m1')).toMatchObject({ value: 'x', hits: 0, tag: 'none' });
  });

  it('bulk with different keys: missing keys are null (columns= from supabase-js)', async () => {
    const { data, error } = await sb
      .from('kv')
      .insert([{ key: 'b1', value: 'one', tag: 't1' }, { key: 'b2' }])
      .select('key, value, hits, tag')
      .order('key');
    expect(error).toBeNull();
    expect(data).toEqual([
      { key: 'b1', value: 'one', hits: 0, tag: 't1' },
      { key: 'b2', value: null, hits: 0, tag: null },
    ]);
  });

  it('missing=default: missing keys take the column default', async () => {
    const { data, error } = await sb
      .from('kv')
      .insert(
        [
          { key: 'd1', tag: 'given' },
          { key: 'd2', hits: 5 },
        ],
        { defaultToNull: false },
      )
      .select('key, hits, tag')
      .order('key');
    expect(error).toBeNull();
    expect(data).toEqual([
      { key: 'd1', hits: 0, tag: 'given' },
      { key: 'd2', hits: 5, tag: 'none' },
    ]);
    const ids = await sb
      .from('events')
      .insert([{ message: 'e1' }, { message: 'e2', id: 500 }, { message: 'e3' }], {
        defaultToNull: false,
      })
      .select('id, message')
      .order('message');
    expect(ids.error).toBeNull();
    const rows = ids.data as { id: number }[];
    expect(rows[1]!.id).toBe(500);
    expect(rows[0]!.id).not.toBe(rows[2]!.id);
  });

  it('insert with embedded resources in the representation', async () => {
    const { data, error } = await sb
      .from('tasks')
      .insert({ villa_id: 2, title: 'Water plants', assigned_to: 3 })
      .select('title, villas(name), assignee:staff!assigned_to(name)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Water plants',
      villas: { name: 'Villa Olive' },
      assignee: { name: 'Katerina' },
    });
  });

  it('computed fields in the representation of a write', async () => {
    const { data, error } = await sb
      .from('villas')
      .update({ bedrooms: 6 })
      .eq('id', 3)
      .select('villa_label')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ villa_label: 'Villa Cypress (6 br)' });
  });

  it('count on insert', async () => {
    const { count, error } = await sb
      .from('kv')
      .insert([{ key: 'c1' }, { key: 'c2' }], { count: 'exact' });
    expect(error).toBeNull();
    expect(count).toBe(2);
  });

  it('an empty object inserts a row of defaults', async () => {
    const { data, error } = await sb
      .from('events')
      .insert({ message: 'defaults' })
      .select('message');
    expect(error).toBeNull();
    expect(data).toEqual([{ message: 'defaults' }]);
    const empty = await sb.from('owners').insert({}).select('id');
    expect(empty.error?.code).toBe('23502');
  });

  it('return=headers-only gives a Location', async () => {
    const r = await rest('/kv', {
      method: 'POST',
      body: JSON.stringify({ key: 'h1' }),
      headers: { Prefer: 'return=headers-only' },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe('/kv?key=eq.h1');
    expect(r.headers.get('preference-applied')).toBe('return=headers-only');
    expect(await r.text()).toBe('');
  });

  it('Content-Range and Preference-Applied on writes', async () => {
    const r = await rest('/kv', {
      method: 'POST',
      body: JSON.stringify([{ key: 'p1' }, { key: 'p2' }]),
      headers: { Prefer: 'return=representation, count=exact' },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-range')).toBe('*/2');
    expect(r.headers.get('preference-applied')).toBe('return=representation, count=exact');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('upsert', () => {
  it('merge-duplicates updates the existing row and inserts the new one', async () => {
    const { data, error, status } = await sb
      .from('kv')
      .upsert([
        { key: 'a', value: 'ALPHA' },
        { key: 'u1', value: 'new' },
      ])
      .select('key, value')
      .order('key');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { key: 'a', value: 'ALPHA' },
      { key: 'u1', value: 'new' },
    ]);
  });

  it('an upsert that only updates answers 200, one that inserts 201', async () => {
    const updated = await sb.from('kv').upsert({ key: 'a', value: 'merged' }).select('value');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ value: 'merged' }]);
    const inserted = await sb.from('kv').upsert({ key: 'u3', value: 'new' });
    expect(inserted.status).toBe(201);
    const both = await sb.from('kv').upsert([
      { key: 'a', value: 'again' },
      { key: 'u4', value: 'new' },
    ]);
    expect(both.status).toBe(201);
  });

  it('ignore-duplicates keeps the existing row', async () => {
    const { data, error } = await sb
      .from('kv')
      .upsert(
        [
          { key: 'b', value: 'changed' },
          { key: 'u2', value: 'v' },
        ],
        { ignoreDuplicates: true },
      )
      .select('key');
    expect(error).toBeNull();
    expect(data).toEqual([{ key: 'u2' }]);
    expect((await kv('b'))?.value).toBe('beta');
  });

  it('on_conflict names a unique key other than the primary key', async () => {
    const { data, error } = await sb
      .from('owners')
      .upsert({ name: 'Maria P. (renamed)', email: 'maria@example.com' }, { onConflict: 'email' })
      .select('id, name');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: 'Maria P. (renamed)' }]);
  });

  it('reports the resolution it applied', async () => {
    const r = await rest('/kv', {
      method: 'POST',
      body: JSON.stringify({ key: 'a', value: 'again' }),
      headers: { Prefer: 'resolution=merge-duplicates,return=minimal' },
    });
    expect(r.status).toBe(200); // the row existed: merged, nothing new
    expect(r.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=minimal');
  });
});

describe('update', () => {
  it('PATCH with filters; 200 with select(), 204 without', async () => {
    const { data, error, status } = await sb
      .from('kv')
      .update({ hits: 7 })
      .eq('key', 'b')
      .select('key, hits');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ key: 'b', hits: 7 }]);
    const minimal = await sb.from('kv').update({ hits: 8 }).eq('key', 'b');
    expect(minimal.status).toBe(204);
    expect(minimal.data).toBeNull();
    expect((await kv('b'))?.hits).toBe(8);
  });

  it('no matching row: empty representation', async () => {
    const { data, error } = await sb.from('kv').update({ hits: 1 }).eq('key', 'nope').select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('count and Content-Range on update', async () => {
    const { count } = await sb.from('numbers').update({ n: 1000 }, { count: 'exact' }).eq('n', 120);
    expect(count).toBe(1);
    const r = await rest('/kv?key=in.(a,b)', {
      method: 'PATCH',
      body: '{"tag":"x"}',
      headers: { Prefer: 'count=exact' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('content-range')).toBe('0-1/2');
  });

  it('jsonb and array values', async () => {
    const { data, error } = await sb
      .from('villas')
      .update({ details: { floor: 3, nested: { a: [1, 2] } }, amenities: ['bbq', 'wifi'] })
      .eq('id', 4)
      .select('details, amenities')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      details: { floor: 3, nested: { a: [1, 2] } },
      amenities: ['bbq', 'wifi'],
    });
  });

  it('an empty object changes nothing', async () => {
    const { data, error } = await sb.from('kv').update({}).eq('key', 'a').select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('order + limit choose the rows a PATCH touches', async () => {
    const r = await rest('/numbers?n=lt.10&order=n.desc&limit=2', {
      method: 'PATCH',
      body: JSON.stringify({ n: 0 }),
      headers: { Prefer: 'return=representation' },
    });
    expect(r.status).toBe(409); // both would become n=0: the primary key refuses the second
    const ok = await rest('/numbers?n=lt.10&order=n.desc&limit=1', {
      method: 'PATCH',
      body: JSON.stringify({ n: -9 }),
      headers: { Prefer: 'return=representation' },
    });
    expect(await ok.json()).toEqual([{ n: -9, parity: 'odd' }]);
  });
});

describe('delete', () => {
  it('DELETE with filters; 200 with select(), 204 without', async () => {
    await sb.from('kv').insert([{ key: 'x1' }, { key: 'x2' }, { key: 'x3' }]);
    const { data, error, status } = await sb.from('kv').delete().eq('key', 'x1').select('key');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ key: 'x1' }]);
    const minimal = await sb.from('kv').delete({ count: 'exact' }).in('key', ['x2', 'x3']);
    expect(minimal.status).toBe(204);
    expect(minimal.count).toBe(2);
    expect(await kv('x2')).toBeNull();
  });

  it('order + limit choose the rows a DELETE removes', async () => {
    const r = await rest('/numbers?n=gt.100&order=n.desc&limit=2', {
      method: 'DELETE',
      headers: { Prefer: 'return=representation' },
    });
    expect(((await r.json()) as { n: number }[]).map((x) => x.n).sort((a, b) => a - b)).toEqual([
      119, 1000,
    ]);
  });
});

describe('single() on writes, rollback and max-affected', () => {
  it('single() on an insert of two rows is 406 and nothing is inserted', async () => {
    const { error, status } = await sb
      .from('kv')
      .insert([{ key: 's1' }, { key: 's2' }])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await kv('s1')).toBeNull();
  });

  it('single() on an update of one row gives the object', async () => {
    const { data, error } = await sb
      .from('kv')
      .update({ value: 'one' })
      .eq('key', 'b')
      .select('key, value')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ key: 'b', value: 'one' });
  });

  it('tx=rollback answers as if committed, but nothing stays', async () => {
    const { data, error, status } = await sb
      .from('kv')
      .insert({ key: 'rb' })
      .select('key')
      .rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ key: 'rb' }]);
    expect(await kv('rb')).toBeNull();
  });

  it('max-affected with handling=strict refuses larger updates and rolls back', async () => {
    // What postgrest-js' maxAffected() sends (typed for PostgREST 13+ clients only).
    const strict = { Prefer: 'handling=strict, max-affected=1' };
    const r = await rest('/kv?key=in.(a,b)', {
      method: 'PATCH',
      body: '{"tag":"many"}',
      headers: strict,
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
      hint: null,
    });
    expect((await kv('a'))?.tag).not.toBe('many');
    const ok = await rest('/kv?key=eq.a', {
      method: 'PATCH',
      body: '{"tag":"one"}',
      headers: strict,
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
  });

  it('handling=strict refuses unknown preferences (PGRST122)', async () => {
    const r = await rest('/kv', {
      method: 'GET',
      headers: { Prefer: 'handling=strict, colour=blue' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      code: 'PGRST122',
      details: 'Invalid preferences: colour=blue',
    });
    const lenient = await rest('/kv?select=key&limit=1', {
      method: 'GET',
      headers: { Prefer: 'colour=blue' },
    });
    expect(lenient.status).toBe(200);
  });
});

describe('constraint and payload errors', () => {
  it('unique violation: 409 23505', async () => {
    const { error, status } = await sb.from('kv').insert({ key: 'a' });
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "kv_pkey"',
      details: 'Key (key)=(a) already exists.',
    });
  });

  it('foreign key violation: 409 23503', async () => {
    const { error, status } = await sb.from('tasks').insert({ villa_id: 999, title: 'x' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23503');
  });

  it('not null violation: 400 23502', async () => {
    const { error, status } = await sb.from('tasks').insert({ villa_id: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });

  it('check violation: 400 23514', async () => {
    const { error, status } = await sb.from('villas').update({ bedrooms: -1 }).eq('id', 1);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
  });

  it('bad enum / type: 400 22P02', async () => {
    const { error, status } = await sb.from('villas').insert({ name: 'Bad', status: 'flooded' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('writing a generated column is refused by Postgres (400)', async () => {
    const { error, status } = await sb.from('villas').insert({ name: 'Gen', code: 'XXX' });
    expect(status).toBe(400);
    expect(error?.code).toBe('428C9');
  });

  it('an unknown column in the payload: 400 PGRST204', async () => {
    const { error, status } = await sb.from('kv').insert({ key: 'z', colour: 'red' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'kv' in the schema cache",
    });
    const upd = await sb.from('kv').update({ colour: 'red' }).eq('key', 'a');
    expect(upd.error?.code).toBe('PGRST204');
  });

  it('invalid JSON: 400 PGRST102', async () => {
    const r = await rest('/kv', { method: 'POST', body: '{"key": ' });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
  });

  it('array items with different keys and no columns=: 400 PGRST102', async () => {
    const r = await rest('/kv', {
      method: 'POST',
      body: JSON.stringify([{ key: 'q1' }, { key: 'q2', value: 'v' }]),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    });
  });

  it('a write to a view goes through to its table', async () => {
    const { data, error } = await sb
      .from('active_villas')
      .update({ bedrooms: 5 })
      .eq('id', 2)
      .select('id, bedrooms');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, bedrooms: 5 }]);
  });

  it('Content-Profile writes to another exposed schema', async () => {
    const { data, error } = await sb
      .schema('second')
      .from('items')
      .insert({ id: 2, label: 'second insert' })
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, label: 'second insert' }]);
    const r = await rest('/items', {
      method: 'POST',
      body: '{"id":3,"label":"x"}',
      headers: { 'Content-Profile': 'nope' },
    });
    expect(r.status).toBe(406);
    expect(await r.json()).toMatchObject({ code: 'PGRST106' });
  });

  it('form-encoded bodies are accepted like PostgREST', async () => {
    const r = await rest('/kv', {
      method: 'POST',
      body: 'key=form1&value=from%20a%20form',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Prefer: 'return=representation',
      },
    });
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual([{ key: 'form1', value: 'from a form', hits: 0, tag: 'none' }]);
  });
});
