// /rest/v1/rpc through supabase-js: POST and GET calls, named arguments and defaults, a single
// json parameter, arrays, scalar / set / table / single-row / void results, filters and counts on
// set results, volatile functions on GET, overloads, and errors raised by functions (including
// PostgREST's RAISE SQLSTATE 'PGRST' and the response.status / response.headers settings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  restHeaders,
  startFixtureServer,
  type FixtureServer,
} from './support/fixture-server.ts';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

let fx: FixtureServer;
let sb: SupabaseClient;

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
  sb = anonClient(fx.url);
});

afterAll(async () => {
  await fx?.stop();
});

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${fx.url}/rest/v1${path}`, {
    ...init,
    headers: restHeaders({
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    }),
  });

describe('calling', () => {
  it('POST with named arguments returns a scalar as JSON', async () => {
    const { data, error, status } = await sb.rpc('add_them', { a: 2, b: 40 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(42);
  });

  it('GET passes arguments in the query string', async () => {
    const { data, error } = await sb.rpc('add_them', { a: 1, b: 2 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(3);
    const r = await rest('/rpc/add_them?a=5&b=6');
    expect(await r.json()).toBe(11);
    // The key in the query string is the gateway's, not an argument.
    const keyed = await fetch(
      `${fx.url}/rest/v1/rpc/add_them?a=1&b=1&apikey=${WELL_KNOWN.anonKey}`,
    );
    expect(await keyed.json()).toBe(2);
  });

  it('arguments with defaults may be left out', async () => {
    expect((await sb.rpc('with_default', { a: 1 })).data).toBe(11);
    expect((await sb.rpc('with_default', { a: 1, b: 2 })).data).toBe(3);
  });

  it('array arguments, by POST and by GET', async () => {
    expect((await sb.rpc('sum_array', { vals: [1, 2, 3] })).data).toBe(6);
    expect((await sb.rpc('sum_array', { vals: [4, 5] }, { get: true })).data).toBe(9);
  });

  it('a jsonb parameter by name, or the whole body when the names do not match', async () => {
    expect((await sb.rpc('echo', { payload: { deep: [1, { x: true }] } })).data).toEqual({
      deep: [1, { x: true }],
    });
    expect((await sb.rpc('echo', { anything: 'goes' })).data).toEqual({ anything: 'goes' });
  });

  it('a single unnamed json parameter takes the body', async () => {
    expect((await sb.rpc('json_keys', { b: 1, a: 2 })).data).toEqual(['a', 'b']);
  });

  it('Prefer: params=single-object passes the body as the one argument', async () => {
    const r = await rest('/rpc/echo', {
      method: 'POST',
      body: JSON.stringify({ payload: 1 }),
      headers: { Prefer: 'params=single-object' },
    });
    expect(await r.json()).toEqual({ payload: 1 });
  });

  it('an empty POST body calls a function without arguments', async () => {
    const r = await rest('/rpc/villa_names', { method: 'POST', body: '' });
    expect(r.status).toBe(200);
    expect(await r.json()).toHaveLength(4);
  });
});

describe('results', () => {
  it('setof a table: filters, select, order, limit, count, Content-Range', async () => {
    const { data, error, count, status } = await sb
      .rpc('villas_with_min_bedrooms', { min_bedrooms: 2 }, { count: 'exact' })
      .select('id, name')
      .neq('id', 1)
      .order('id', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, name: 'Villa Cypress' }]);
    expect(count).toBe(2);
    expect(status).toBe(206);
  });

  it('setof a table with single()', async () => {
    const { data, error } = await sb
      .rpc('villas_with_min_bedrooms', { min_bedrooms: 4 })
      .select('name')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Villa Aegean' });
    const many = await sb.rpc('villas_with_min_bedrooms', { min_bedrooms: 1 }).single();
    expect(many.error?.code).toBe('PGRST116');
  });

  it('a single row type is an object', async () => {
    const { data, error } = await sb.rpc('get_villa', { villa_id: 2 }).select('id, name');
    expect(error).toBeNull();
    expect(data).toEqual({ id: 2, name: 'Villa Olive' });
  });

  it('setof a scalar is an array of values', async () => {
    const { data } = await sb.rpc('villa_names');
    expect(data).toEqual(['Villa Aegean', 'Villa Olive', 'Villa Cypress', 'Villa Thyme']);
    const r = await rest('/rpc/villa_names?limit=2&offset=1');
    expect(await r.json()).toEqual(['Villa Olive', 'Villa Cypress']);
  });

  it('RETURNS TABLE is an array of objects that filters work on', async () => {
    const { data, error } = await sb.rpc('villa_summary').gt('task_count', 1).order('villa_name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { villa_name: 'Villa Aegean', task_count: 2 },
      { villa_name: 'Villa Cypress', task_count: 2 },
    ]);
  });

  it('void is 204 No Content', async () => {
    const { data, error, status } = await sb.rpc('log_event', { message: 'hello' });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect((await sb.rpc('count_events')).data).toBe(1);
  });

  it('HEAD calls answer headers only', async () => {
    const { data, error, count, status } = await sb.rpc(
      'villas_with_min_bedrooms',
      { min_bedrooms: 1 },
      { head: true, count: 'exact' },
    );
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(4);
  });

  it('response.status and response.headers set by the function are applied', async () => {
    const r = await rest('/rpc/accepted', { method: 'POST', body: '{}' });
    expect(r.status).toBe(202);
    expect(r.headers.get('x-custom')).toBe('yes');
    expect(await r.json()).toBe(1);
  });

  it('an invalid response.status is 500 PGRST112', async () => {
    const r = await rest('/rpc/bad_status', { method: 'POST', body: '{}' });
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({
      code: 'PGRST112',
      message: 'response.status guc must be a valid status code',
    });
  });
});

describe('volatility', () => {
  it('GET runs read-only: a volatile function that writes is 405 25006', async () => {
    const { error, status } = await sb.rpc('log_event', { message: 'by get' }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
    expect(error?.message).toBe('cannot execute INSERT in a read-only transaction');
  });

  it('stable functions answer GET', async () => {
    const { error, status } = await sb.rpc('count_events', {}, { get: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
  });
});

describe('errors', () => {
  it('an unknown function is 404 PGRST202 with a suggestion', async () => {
    const { error, status } = await sb.rpc('add_thm', { a: 1, b: 2 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add_thm(a, b) in the schema cache',
      details:
        'Searched for the function public.add_thm with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them',
    });
  });

  it('wrong argument names are 404 PGRST202 naming the parameters', async () => {
    const { error } = await sb.rpc('add_them', { x: 1 });
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add_them(x) in the schema cache',
      hint: 'Perhaps you meant to call the function public.add_them(a, b)',
    });
    const none = await sb.rpc('add_them', {}, { get: true });
    expect(none.error).toMatchObject({
      message: 'Could not find the function public.add_them without parameters in the schema cache',
      details:
        'Searched for the function public.add_them without parameters, but no matches were found in the schema cache.',
    });
  });

  it('overloads with the same parameter names are 300 PGRST203', async () => {
    const { error, status } = await sb.rpc('overloaded', { a: 1 });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect(error?.message).toMatch(
      /^Could not choose the best candidate function between: public\.overloaded\(a => (integer|text)\), public\.overloaded\(a => (integer|text)\)$/,
    );
  });

  it('RAISE EXCEPTION is 400 P0001 with its detail and hint', async () => {
    const { error, status } = await sb.rpc('fail_with_hint');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'P0001',
      message: 'custom failure',
      details: 'some detail',
      hint: 'some hint',
    });
  });

  it("RAISE SQLSTATE 'PGRST' controls status, body and headers", async () => {
    const r = await rest('/rpc/fail_pgrst', { method: 'POST', body: '{}' });
    expect(r.status).toBe(402);
    expect(r.headers.get('x-powered-by')).toBe('Arivia');
    expect(await r.json()).toEqual({
      code: '123',
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: 'Upgrade',
    });
  });

  it('division by zero is 400 22012', async () => {
    const { error, status } = await sb.rpc('divide', { a: 1, b: 0 });
    expect(status).toBe(400);
    expect(error?.code).toBe('22012');
  });

  it('a wrongly typed argument is 400 22P02', async () => {
    const { error, status } = await sb.rpc('add_them', { a: 'one', b: 2 });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('other methods are 405 PGRST101', async () => {
    const r = await rest('/rpc/add_them', { method: 'PATCH', body: '{}' });
    expect(r.status).toBe(405);
    expect(await r.json()).toMatchObject({
      code: 'PGRST101',
      message: 'Cannot use the PATCH method on RPC',
    });
  });

  it('invalid JSON is 400 PGRST102; a body that is not an object finds no function', async () => {
    const bad = await rest('/rpc/add_them', { method: 'POST', body: '{"a":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'PGRST102' });
    // An array is not a set of named arguments, and no json parameter could take it.
    const arr = await rest('/rpc/add_them', { method: 'POST', body: '[1,2]' });
    expect(arr.status).toBe(404);
    expect(await arr.json()).toMatchObject({ code: 'PGRST202' });
  });
});
