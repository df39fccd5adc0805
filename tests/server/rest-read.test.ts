// /rest/v1 reads through supabase-js: select (columns, aliases, casts, JSON paths), every filter
// operator, logic trees, order, ranges, counts, HEAD, single rows, media types, profiles, and
// PostgREST's errors for bad reads. Runs against its own backend on tests/fixtures/rest-project.
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
  // explain() below needs plans, which are off by default (PostgREST's db-plan-enabled).
  fx = await startFixtureServer('rest-project', { PGRST_DB_PLAN_ENABLED: 'true' });
  sb = anonClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

function villaIds() {
  return sb.from('villas').select('id');
}
type VillaQuery = ReturnType<typeof villaIds>;
function bookingIds() {
  return sb.from('bookings').select('id');
}

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${fx.url}/rest/v1${path}`, {
    ...init,
    headers: restHeaders(init.headers as Record<string, string> | undefined),
  });

async function ids(q: PromiseLike<{ data: unknown; error: unknown }>): Promise<number[]> {
  const { data, error } = await q;
  expect(error).toBeNull();
  return (data as { id: number }[]).map((r) => r.id);
}

describe('select', () => {
  it('returns all columns with *, in column order, with JSON types from Postgres', async () => {
    const { data, error, status } = await sb.from('villas').select('*').eq('id', 1).single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(Object.keys(data as object)).toEqual([
      'id',
      'name',
      'owner_id',
      'status',
      'bedrooms',
      'amenities',
      'details',
      'nightly_rate',
      'description',
      'search',
      'code',
      'created_at',
    ]);
    expect(data).toMatchObject({
      id: 1,
      status: 'active',
      bedrooms: 4,
      amenities: ['pool', 'wifi', 'sea view'],
      details: { floor: 2, tags: ['family'], address: { city: 'Oia' } },
      nightly_rate: 450,
      code: 'VIL',
    });
  });

  it('selects columns, renames them with aliases and casts them', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('id, title:name, rooms:bedrooms::text, nightly_rate::text')
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 2, title: 'Villa Olive', rooms: '2', nightly_rate: '180.50' });
  });

  it('reads JSON paths with -> and ->>, named after the last key unless aliased', async () => {
    const { data, error } = await sb
      .from('villas')
      .select(
        'id, details->floor, city:details->address->>city, details->tags->0, first_tag:details->tags->>0',
      )
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, floor: 2, city: 'Oia', tags: 'family', first_tag: 'family' });
  });

  it('keeps quoted identifiers with spaces and quotes', async () => {
    // Inside double quotes PostgREST takes backslash escapes.
    const { data, error } = await sb.from('odd_names').select('"the id","first name","quote\\"d"');
    expect(error).toBeNull();
    expect(data).toEqual([{ 'the id': 1, 'first name': 'Zoe', 'quote"d': 'q' }]);
  });

  it('computed fields: select, filter and order by a function of the row', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('id, villa_label, upper:villa_label')
      .like('villa_label', '%(2 br)')
      .order('villa_label');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 2, villa_label: 'Villa Olive (2 br)', upper: 'Villa Olive (2 br)' },
    ]);
    const all = await sb.from('villas').select('*').eq('id', 1).single();
    expect(all.data).not.toHaveProperty('villa_label');
  });

  it('reads views', async () => {
    expect(await ids(sb.from('active_villas').select('id').order('id'))).toEqual([1, 2]);
  });
});

describe('filters', () => {
  const cases: [string, (q: VillaQuery) => VillaQuery, number[]][] = [
    ['eq', (q) => q.eq('bedrooms', 2), [2]],
    ['neq', (q) => q.neq('bedrooms', 2), [1, 3, 4]],
    ['gt', (q) => q.gt('bedrooms', 2), [1, 3]],
    ['gte', (q) => q.gte('bedrooms', 3), [1, 3]],
    ['lt', (q) => q.lt('bedrooms', 2), [4]],
    ['lte', (q) => q.lte('bedrooms', 2), [2, 4]],
    ['like', (q) => q.like('name', '%Ol%'), [2]],
    ['like with * wildcards', (q) => q.like('name', '*Cyp*'), [3]],
    ['ilike', (q) => q.ilike('name', '%THYME'), [4]],
    ['likeAnyOf', (q) => q.likeAnyOf('name', ['%Olive', '%Thyme']), [2, 4]],
    ['ilikeAllOf', (q) => q.ilikeAllOf('name', ['villa%', '%e']), [2, 4]],
    ['regexMatch', (q) => q.regexMatch('name', '^Villa [AO]'), [1, 2]],
    ['regexIMatch (case-insensitive)', (q) => q.regexIMatch('name', '^villa c'), [3]],
    ['is null', (q) => q.is('nightly_rate', null), [3]],
    ['not is null', (q) => q.not('nightly_rate', 'is', null), [1, 2, 4]],
    ['is null on a foreign key', (q) => q.is('owner_id', null), [4]],
    ['isDistinct', (q) => q.isDistinct('owner_id', 1), [3, 4]],
    ['in', (q) => q.in('id', [1, 3, 99]), [1, 3]],
    ['in with quoted values', (q) => q.in('name', ['Villa Olive', 'a,b(c)']), [2]],
    ['notIn', (q) => q.notIn('id', [1, 2]), [3, 4]],
    ['contains (array)', (q) => q.contains('amenities', ['pool']), [1, 3]],
    ['containedBy (array)', (q) => q.containedBy('amenities', ['wifi', 'pool']), [2, 3, 4]],
    ['overlaps (array)', (q) => q.overlaps('amenities', ['sea view', 'wifi']), [1, 2]],
    ['contains (jsonb)', (q) => q.contains('details', { address: { city: 'Fira' } }), [2]],
    ['eq on a JSON path', (q) => q.eq('details->address->>city', 'Oia'), [1]],
    ['gt on a JSON path (jsonb comparison)', (q) => q.gt('details->floor', 1), [1]],
    ['eq on an enum', (q) => q.eq('status', 'maintenance'), [3]],
    [
      'textSearch (to_tsquery on a tsvector column)',
      (q) => q.textSearch('search', 'pool & caldera'),
      [1],
    ],
    [
      'textSearch plain with a config',
      (q) => q.textSearch('search', 'olive trees', { type: 'plain', config: 'english' }),
      [2],
    ],
    ['textSearch phrase', (q) => q.textSearch('search', 'stone house', { type: 'phrase' }), [2]],
    [
      'textSearch websearch',
      (q) => q.textSearch('search', 'garden -pool', { type: 'websearch' }),
      [3],
    ],
    [
      'textSearch on a text column (to_tsvector applied)',
      (q) => q.textSearch('description', 'repair'),
      [3],
    ],
    ['not', (q) => q.not('status', 'eq', 'active'), [3, 4]],
    ['not in', (q) => q.not('id', 'in', '(1,2,3)'), [4]],
    ['filter() with a raw operator', (q) => q.filter('bedrooms', 'gte', '4'), [1]],
    ['match() with several columns', (q) => q.match({ owner_id: 1, bedrooms: 2 }), [2]],
    ['several filters are ANDed', (q) => q.gte('bedrooms', 2).lte('bedrooms', 3), [2, 3]],
  ];
  for (const [name, apply, expected] of cases) {
    it(name, async () => {
      const r = await apply(villaIds()).order('id');
      expect(r.error).toBeNull();
      expect((r.data as { id: number }[]).map((x) => x.id)).toEqual(expected);
    });
  }

  it('or() with nested and(), not. and operators inside', async () => {
    expect(
      await ids(
        sb
          .from('villas')
          .select('id')
          .or('and(bedrooms.gte.3,status.eq.active),name.eq.Villa Thyme,id.in.(2)')
          .order('id'),
      ),
    ).toEqual([1, 2, 4]);
    expect(
      await ids(
        sb
          .from('villas')
          .select('id')
          .or('not.and(bedrooms.gt.1,owner_id.not.is.null)')
          .order('id'),
      ),
    ).toEqual([4]);
  });

  it('or() values may be quoted and hold commas and parentheses', async () => {
    expect(
      await ids(sb.from('villas').select('id').or('name.eq."Villa Olive",name.eq."x,(y)"')),
    ).toEqual([2]);
  });

  it('raw and= / not.or= parameters', async () => {
    const r = await rest('/villas?select=id&and=(bedrooms.gt.1,bedrooms.lt.4)&order=id');
    expect(await r.json()).toEqual([{ id: 2 }, { id: 3 }]);
    const r2 = await rest('/villas?select=id&not.or=(id.eq.1,id.eq.2)&order=id');
    expect(await r2.json()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('is true/false/unknown on booleans', async () => {
    const t = await sb.from('tasks').select('id').is('done', true);
    expect(t.data).toEqual([{ id: 2 }]);
    const f = await sb.from('tasks').select('id').is('done', false).order('id');
    expect((f.data as { id: number }[]).map((x) => x.id)).toEqual([1, 3, 4, 5]);
  });

  it('range operators: overlaps, strictly left/right, not extending, adjacent', async () => {
    const range = (apply: (q: ReturnType<typeof bookingIds>) => ReturnType<typeof bookingIds>) =>
      ids(apply(bookingIds()).order('id'));
    expect(await range((q) => q.overlaps('stay', '[2026-06-05,2026-06-10)'))).toEqual([1, 2]);
    expect(await range((q) => q.rangeLt('stay', '[2026-06-08,2026-06-09)'))).toEqual([1]);
    expect(await range((q) => q.rangeGt('stay', '[2026-06-01,2026-06-08)'))).toEqual([2, 3]);
    expect(await range((q) => q.rangeLte('stay', '[2026-06-01,2026-06-15)'))).toEqual([1, 2]);
    expect(await range((q) => q.rangeGte('stay', '[2026-06-08,2026-06-09)'))).toEqual([2, 3]);
    expect(await range((q) => q.rangeAdjacent('stay', '[2026-06-15,2026-06-20)'))).toEqual([2]);
    expect(await range((q) => q.contains('stay', '[2026-07-05,2026-07-06)'))).toEqual([3]);
  });

  it('quantified eq(any) and gt(all)', async () => {
    const r = await rest('/villas?select=id&id=eq(any).{1,3}&order=id');
    expect(await r.json()).toEqual([{ id: 1 }, { id: 3 }]);
    const r2 = await rest('/villas?select=id&bedrooms=gt(all).{1,2}&order=id');
    expect(await r2.json()).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('query parameters without an operator are not filters', async () => {
    const r = await rest('/villas?select=id&something=else&order=id');
    expect(r.status).toBe(200);
    expect(await r.json()).toHaveLength(4);
  });
});

describe('order, limit, offset, range', () => {
  it('orders by several columns with nulls first / last', async () => {
    const last = await sb
      .from('villas')
      .select('id')
      .order('nightly_rate', { ascending: false, nullsFirst: false });
    expect((last.data as { id: number }[]).map((x) => x.id)).toEqual([1, 2, 4, 3]);
    const first = await sb
      .from('villas')
      .select('id')
      .order('nightly_rate', { ascending: true, nullsFirst: true });
    expect((first.data as { id: number }[]).map((x) => x.id)).toEqual([3, 4, 2, 1]);
    const multi = await sb
      .from('tasks')
      .select('id')
      .order('villa_id', { ascending: false })
      .order('priority');
    expect((multi.data as { id: number }[]).map((x) => x.id)).toEqual([4, 5, 3, 1, 2]);
  });

  it('orders by a JSON path', async () => {
    const r = await rest('/villas?select=id&order=details->address->>city.desc.nullslast');
    expect(await r.json()).toEqual([{ id: 1 }, { id: 3 }, { id: 2 }, { id: 4 }]);
  });

  it('limit and range()', async () => {
    expect(await ids(sb.from('numbers').select('id:n').order('n').limit(3))).toEqual([1, 2, 3]);
    expect(await ids(sb.from('numbers').select('id:n').order('n').range(10, 12))).toEqual([
      11, 12, 13,
    ]);
  });

  it('max_rows (100 in the fixture) caps every read', async () => {
    const { data } = await sb.from('numbers').select('n');
    expect(data).toHaveLength(100);
    const { data: asked } = await sb.from('numbers').select('n').limit(500);
    expect(asked).toHaveLength(100);
  });

  it('the Range header selects rows too', async () => {
    const r = await rest('/numbers?select=n&order=n', {
      headers: { Range: '5-7', 'Range-Unit': 'items' },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([{ n: 6 }, { n: 7 }, { n: 8 }]);
    expect(r.headers.get('content-range')).toBe('5-7/*');
  });

  it('a Range with lower above upper is 416 PGRST103', async () => {
    const r = await rest('/numbers?select=n', { headers: { Range: '7-5' } });
    expect(r.status).toBe(416);
    expect(await r.json()).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
    });
  });
});

describe('counts, Content-Range and HEAD', () => {
  it('count=exact reports the total in Content-Range and answers 206 for a partial page', async () => {
    const { data, count, status } = await sb
      .from('numbers')
      .select('n', { count: 'exact' })
      .order('n')
      .range(0, 9);
    expect(data).toHaveLength(10);
    expect(count).toBe(120);
    expect(status).toBe(206);
    const r = await rest('/numbers?select=n&limit=10&offset=20', {
      headers: { Prefer: 'count=exact' },
    });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('20-29/120');
    expect(r.headers.get('preference-applied')).toBe('count=exact');
  });

  it('counts what the filters keep, and 200 when the page is everything', async () => {
    const { count, status } = await sb
      .from('villas')
      .select('id', { count: 'exact' })
      .eq('status', 'active');
    expect(count).toBe(2);
    expect(status).toBe(200);
  });

  it('planned counts are the planner estimate; estimated is exact below max_rows', async () => {
    // The estimate itself is checked against analysed statistics in rest-features.test.ts.
    const planned = await sb.from('villas').select('id', { count: 'planned' });
    expect(planned.error).toBeNull();
    expect(Number.isInteger(planned.count)).toBe(true);
    expect((await sb.from('villas').select('id', { count: 'estimated' })).count).toBe(4);
  });

  it('without a count the total is *', async () => {
    const r = await rest('/villas?select=id');
    expect(r.headers.get('content-range')).toBe('0-3/*');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const empty = await rest('/villas?select=id&id=eq.999');
    expect(empty.headers.get('content-range')).toBe('*/*');
    expect(await empty.json()).toEqual([]);
  });

  it('HEAD answers headers only', async () => {
    const { data, count, status, error } = await sb
      .from('tasks')
      .select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(5);
    expect(data).toBeNull();
    const r = await rest('/tasks?select=id', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(r.headers.get('content-range')).toBe('0-4/5');
    expect(await r.text()).toBe('');
  });

  it('an offset past the end with a count is 416 with PostgREST details', async () => {
    const r = await rest('/villas?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(416);
    expect(await r.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
    });
  });
});

describe('single rows and media types', () => {
  it('single() returns one object', async () => {
    const { data, error, status } = await sb.from('villas').select('id,name').eq('id', 3).single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: 3, name: 'Villa Cypress' });
    const r = await rest('/villas?select=id&id=eq.3', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(r.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
  });

  it('single() on zero or many rows is 406 PGRST116', async () => {
    const none = await sb.from('villas').select('id').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
    const many = await sb.from('villas').select('id').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
  });

  it('maybeSingle() gives null for no row', async () => {
    const { data, error } = await sb.from('villas').select('id').eq('id', 999).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('stripNulls() leaves null fields out', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('id,nightly_rate,owner_id')
      .eq('id', 3)
      .stripNulls();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, owner_id: 2 }]);
  });

  it('csv() answers text/csv', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('id,name,nightly_rate')
      .in('id', [1, 3])
      .order('id')
      .csv();
    expect(error).toBeNull();
    // Rows in Postgres' record text form, as PostgREST writes them.
    expect(data).toBe('id,name,nightly_rate\n1,"Villa Aegean",450.00\n3,"Villa Cypress",');
  });

  it('explain() returns the plan', async () => {
    const { data, error } = await sb.from('villas').select('id').eq('id', 1).explain();
    expect(error).toBeNull();
    expect(String(data)).toMatch(/Scan|Result/);
    const json = await sb.from('villas').select('id').explain({ format: 'json' });
    expect(Array.isArray(json.data)).toBe(true);
  });

  it('an Accept the server cannot produce is 406 PGRST107', async () => {
    const r = await rest('/villas', { headers: { Accept: 'application/xml' } });
    expect(r.status).toBe(406);
    expect(await r.json()).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/xml',
    });
  });

  it('Accept lists are negotiated by order and weight', async () => {
    const r = await rest('/villas?select=id&id=eq.1', {
      headers: { Accept: 'application/xml;q=0.9, text/csv' },
    });
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await r.text()).toBe('id\n1');
  });
});

describe('schemas', () => {
  it('Accept-Profile selects another exposed schema', async () => {
    const { data, error } = await sb.schema('second').from('items').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, label: 'from the second schema' }]);
    const r = await rest('/items', { headers: { 'Accept-Profile': 'second' } });
    expect(r.headers.get('content-profile')).toBe('second');
  });

  it('a schema that is not exposed is 406 PGRST106', async () => {
    const { error, status } = await sb.schema('auth').from('users').select('*');
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: auth',
      hint: 'Only the following schemas are exposed: public, graphql_public, second',
    });
  });

  it('tables are looked up in the requested schema only', async () => {
    const { error, status } = await sb.from('items').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });
});

describe('aggregates (enabled as on hosted Supabase)', () => {
  it('count() over the filtered rows', async () => {
    const { data, error } = await sb.from('villas').select('count()').neq('status', 'archived');
    expect(error).toBeNull();
    expect(data).toEqual([{ count: 3 }]);
  });

  it('groups by the other selected columns', async () => {
    const { data, error } = await sb
      .from('villas')
      .select('status, count(), bedrooms.sum()')
      .order('status');
    expect(error).toBeNull();
    expect(data).toEqual([
      { status: 'active', count: 2, sum: 6 },
      { status: 'maintenance', count: 1, sum: 3 },
      { status: 'archived', count: 1, sum: 1 },
    ]);
  });

  it('aliases and casts of the input and of the result', async () => {
    const { data, error } = await sb
      .from('villas')
      .select(
        'total:bedrooms.sum()::text, bedrooms.avg(), bedrooms.max(), bedrooms.min(), rounded:nightly_rate::int.sum()',
      )
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ total: '10', avg: 2.5, max: 4, min: 1, rounded: 731 });
  });

  it('the legacy count of an embedded resource: tasks(count)', async () => {
    const { data, error } = await sb.from('villas').select('id, tasks(count)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, tasks: [{ count: 2 }] },
      { id: 2, tasks: [{ count: 1 }] },
      { id: 3, tasks: [{ count: 2 }] },
      { id: 4, tasks: [{ count: 0 }] },
    ]);
  });

  it('aggregates inside an embed, grouped with an embedded object', async () => {
    const { data, error } = await sb
      .from('owners')
      .select('name, villas(bedrooms.sum())')
      .in('id', [1, 3])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Maria Papadopoulou', villas: [{ sum: 6 }] },
      { name: 'Eleni Without Villas', villas: [{ sum: null }] },
    ]);
    // PostgREST cannot order by aggregates or by what is grouped inside embeds: sort here.
    const grouped = await sb.from('tasks').select('villas(name), count()');
    expect(grouped.error).toBeNull();
    const rows = (grouped.data ?? []) as unknown as { villas: { name: string } }[];
    expect(rows.sort((a, b) => a.villas.name.localeCompare(b.villas.name))).toEqual([
      { villas: { name: 'Villa Aegean' }, count: 2 },
      { villas: { name: 'Villa Cypress' }, count: 2 },
      { villas: { name: 'Villa Olive' }, count: 1 },
    ]);
  });
});

describe('errors', () => {
  it('an unknown table is 404 PGRST205 with a suggestion', async () => {
    const { error, status } = await sb.from('vilas').select('*');
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.vilas' in the schema cache",
      hint: "Perhaps you meant the table 'public.villas'",
      details: null,
    });
  });

  it('an unknown column is 400 42703, as Postgres says it', async () => {
    const { error, status } = await sb.from('villas').select('id,nmae');
    expect(status).toBe(400);
    expect(error?.code).toBe('42703');
    expect(error?.message).toBe('column villas.nmae does not exist');
    const f = await sb.from('villas').select('id').eq('nope', 1);
    expect(f.error?.code).toBe('42703');
  });

  it('a value of the wrong type is 400 22P02', async () => {
    const { error, status } = await sb.from('villas').select('id').eq('id', 'abc');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    const e = await sb.from('villas').select('id').eq('status', 'sunk');
    expect(e.error?.code).toBe('22P02');
    const b = await sb.from('tasks').select('id').eq('done', 'maybe');
    expect(b.status).toBe(400);
    expect(b.error?.code).toBe('22P02');
  });

  it('a JSON operator on a non-JSON column is 404 42883, as PostgREST maps it', async () => {
    const { error, status } = await sb.from('villas').select('name->x');
    expect(status).toBe(404);
    expect(error?.code).toBe('42883');
  });

  it('malformed select is 400 PGRST100 in PostgREST shape', async () => {
    const { error, status } = await sb.from('villas').select('id,owners(name');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    expect(error?.message).toMatch(
      /^"failed to parse select parameter \(id,owners\(name\)" \(line 1, column \d+\)$/,
    );
    expect(error?.details).toMatch(/unexpected/);
  });

  it('an unknown operator is 400 PGRST100', async () => {
    const r = await rest('/villas?id=foo.1');
    expect(r.status).toBe(200); // not an operator: a plain parameter, ignored
    const bad = await rest('/villas?owners.id=foo.1');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'PGRST100',
      details: 'unknown single value operator foo',
    });
  });

  it('malformed order is 400 PGRST100', async () => {
    const r = await rest('/villas?order=id.sideways');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('a bad path is 404 PGRST125', async () => {
    const r = await rest('/villas/1');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ code: 'PGRST125' });
  });

  it('an unsupported method is 405 PGRST117', async () => {
    const r = await rest('/villas', {
      method: 'PUT',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(405);
    expect(await r.json()).toMatchObject({
      code: 'PGRST117',
      message: 'Unsupported HTTP method: PUT',
    });
  });

  it('errors are JSON with the four fields', async () => {
    const r = await rest('/nothing_here');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(await r.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
});

describe('root', () => {
  it('GET /rest/v1/ describes the schema (OpenAPI)', async () => {
    const r = await rest('/', { headers: { Accept: 'application/openapi+json' } });
    expect(r.status).toBe(200);
    const spec = (await r.json()) as {
      swagger: string;
      paths: Record<string, unknown>;
      definitions: Record<string, unknown>;
    };
    expect(spec.swagger).toBe('2.0');
    expect(spec.paths).toHaveProperty('/villas');
    expect(spec.paths).toHaveProperty('/rpc/add_them');
    expect(spec.definitions).toHaveProperty('villas');
  });
});
