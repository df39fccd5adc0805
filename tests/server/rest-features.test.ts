// PostgREST features supabase-js users write, through supabase-js as its docs show the call (and
// a plain fetch where the client has no call for it): functions as embedded resources, spreads on
// to-many relations and beside aggregates, a self-referencing foreign key chosen by hint, RPC with
// one unnamed parameter (`{"": value}` and the raw Content-Types), max-affected on RPC, and
// planned / estimated counts on HEAD. Error bodies are compared field by field.
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
  fx = await startFixtureServer('rest-features-project');
  sb = anonClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${fx.url}/rest/v1${path}`, {
    ...init,
    headers: restHeaders(init.headers as Record<string, string> | undefined),
  });

describe('functions as embedded resources', () => {
  it('a set-returning function of a row embeds as to-many', async () => {
    const { data, error } = await sb
      .from('channels')
      .select('id, messages:get_messages(id, message)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        messages: [
          { id: 1, message: 'hello' },
          { id: 2, message: 'world' },
          { id: 4, message: 'again' },
        ],
      },
      { id: 2, messages: [{ id: 3, message: 'dice' }] },
      { id: 3, messages: [] },
    ]);
  });

  it('ROWS 1 makes it to-one; filters apply inside the embed', async () => {
    const { data, error } = await sb
      .from('channels')
      .select('slug, latest:latest_message(message), get_messages(id)')
      .eq('get_messages.id', 2)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', latest: { message: 'again' }, get_messages: [{ id: 2 }] },
      { slug: 'random', latest: { message: 'dice' }, get_messages: [] },
      { slug: 'empty', latest: null, get_messages: [] },
    ]);
  });
});

describe('spread', () => {
  it('on a to-many relation: each column becomes an array', async () => {
    const { data, error } = await sb
      .from('channels')
      .select('slug, ...messages(id, text:message)')
      .order('id')
      .order('id', { referencedTable: 'messages' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', id: [1, 2, 4], text: ['hello', 'world', 'again'] },
      { slug: 'random', id: [3], text: ['dice'] },
      { slug: 'empty', id: [], text: [] },
    ]);
  });

  it('a to-one spread beside an aggregate is grouped on', async () => {
    const { data, error } = await sb
      .from('messages')
      .select('id, channels(count(), ...channel_details(details))')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, channels: { count: 1, details: 'Everything' } },
      { id: 2, channels: { count: 1, details: 'Everything' } },
      { id: 3, channels: { count: 1, details: 'Anything else' } },
      { id: 4, channels: { count: 1, details: 'Everything' } },
    ]);
    const root = await sb.from('messages').select('count(), ...channels(slug)');
    expect(root.error).toBeNull();
    const rows = root.data as unknown as { count: number; slug: string }[];
    expect([...rows].sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { count: 3, slug: 'general' },
      { count: 1, slug: 'random' },
    ]);
  });

  it('aggregates inside a to-many spread: PGRST127, as PostgREST', async () => {
    const r = await rest('/channels?select=slug,...messages(id.count())');
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });
});

describe('self-referencing foreign key', () => {
  it('the column hint gives the children; the column name gives the parent', async () => {
    const { data, error } = await sb
      .from('collections')
      .select('name, parent:parent_id(name), children:collections!parent_id(name)')
      .order('id')
      .order('id', { referencedTable: 'children' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'root', parent: null, children: [{ name: 'child a' }, { name: 'child b' }] },
      { name: 'child a', parent: { name: 'root' }, children: [{ name: 'grandchild' }] },
      { name: 'child b', parent: { name: 'root' }, children: [] },
      { name: 'grandchild', parent: { name: 'child a' }, children: [] },
    ]);
  });

  it('the same hint on collections(*) without a hint: the children too', async () => {
    const { data, error } = await sb
      .from('collections')
      .select('name, collections(name)')
      .eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'child a', collections: [{ name: 'grandchild' }] }]);
  });
});

describe('RPC with one unnamed parameter', () => {
  it('{"": value} for text, json and bytea', async () => {
    expect(await sb.rpc('echo_text', { '': 'hi' })).toMatchObject({ data: 'text:hi', error: null });
    expect((await sb.rpc('echo_json', { '': { a: [1, 2] } })).data).toEqual({ got: { a: [1, 2] } });
    expect((await sb.rpc('bytea_length', { '': '\\x0102ff' })).data).toBe(3);
  });

  it('the raw bodies PostgREST accepts: text/plain, application/json, octet-stream', async () => {
    const text = await rest('/rpc/echo_text', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'plain words',
    });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('text:plain words');
    const json = await rest('/rpc/echo_json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"any": "json"}',
    });
    expect(await json.json()).toEqual({ got: { any: 'json' } });
    const bytes = await rest('/rpc/bytea_length', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 250, 255]),
    });
    expect(await bytes.json()).toBe(5);
  });

  it('a raw body for a function without such a parameter: PGRST202', async () => {
    const r = await rest('/rpc/clear_log', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(r.status).toBe(404);
    const body = (await r.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe('PGRST202');
    expect(body.message).toBe(
      'Could not find the function public.clear_log without parameters in the schema cache',
    );
  });
});

describe('max-affected on RPC', () => {
  it('more rows than allowed: PGRST124 and a rollback; within the limit it commits', async () => {
    // postgrest-js' maxAffected() is typed for PostgREST 13 clients; it sends these two prefs.
    const strict = (n: number) => `handling=strict, max-affected=${n}`;
    const over = await sb.rpc('clear_log').setHeader('Prefer', strict(2));
    expect(over.status).toBe(400);
    expect(over.error).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    const kept = await sb.from('log').select('entry').order('id');
    expect(kept.data).toEqual([{ entry: 'one' }, { entry: 'two' }, { entry: 'three' }]);

    const within = await sb.rpc('clear_log').setHeader('Prefer', strict(3));
    expect(within.error).toBeNull();
    expect(within.data).toHaveLength(3);
    expect((await sb.from('log').select('entry')).data).toEqual([]);
  });
});

describe('planned and estimated counts', () => {
  it('HEAD with count=planned: 206 and the planner total in Content-Range', async () => {
    const { count, status, error } = await sb
      .from('readings')
      .select('*', { count: 'planned', head: true });
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(150);
    const r = await rest('/readings', { method: 'HEAD', headers: { Prefer: 'count=planned' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('0-99/150');
    expect(r.headers.get('preference-applied')).toBe('count=planned');
  });

  it('count=estimated: the plan beyond max_rows, the exact count below it', async () => {
    const many = await sb.from('readings').select('*', { count: 'estimated', head: true });
    expect(many.status).toBe(206);
    expect(many.count).toBe(150);
    const few = await sb
      .from('readings')
      .select('n', { count: 'estimated' })
      .lte('n', 5)
      .range(0, 1);
    expect(few.status).toBe(206);
    expect(few.count).toBe(5);
    expect(few.data).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe('Accept: application/geo+json', () => {
  it('a FeatureCollection where PostGIS is installed, else 406 PGRST107 as PostgREST', async () => {
    const { data: postgis, error } = await sb.rpc('has_postgis');
    expect(error).toBeNull();
    const geo = await sb.from('places').select('*').order('id').geojson();
    if (postgis === true) {
      expect(geo.error).toBeNull();
      expect(geo.data).toEqual({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [25.3756, 36.4618] },
            properties: { id: 1, name: 'Oia' },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [25.4319, 36.4166] },
            properties: { id: 2, name: 'Fira' },
          },
        ],
      });
      const r = await rest('/places?id=eq.9', { headers: { Accept: 'application/geo+json' } });
      expect(r.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
      expect(await r.json()).toEqual({ type: 'FeatureCollection', features: [] });
    } else {
      expect(postgis).toBe(false);
      expect(geo.status).toBe(406);
      expect(geo.error).toEqual({
        code: 'PGRST107',
        message: 'None of these media types are available: application/geo+json',
        details: null,
        hint: null,
      });
    }
  });
});
