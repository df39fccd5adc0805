// The schema cache and the SQL behind a request: DDL becomes visible after
// `NOTIFY pgrst, 'reload schema'` (as with PostgREST), and createRest().toSql() gives the exact
// statement, parameters, role and search_path a request runs, so a benchmark can run the same
// SQL directly and compare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHeaders, startFixtureServer, type FixtureServer } from './support/fixture-server.ts';
import { createRest } from '../../server/rest/index.ts';
import { createKeys } from '../../server/gateway/keys.ts';
import { runAs } from '../../server/gateway/context.ts';
import { WELL_KNOWN } from '../../server/gateway/config.ts';

let fx: FixtureServer;

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
});

afterAll(async () => {
  await fx?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${fx.url}/rest/v1${path}`, { headers: restHeaders(headers) });

async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe('schema cache', () => {
  it("sees new tables and functions after NOTIFY pgrst, 'reload schema'", async () => {
    const before = await get('/late_table');
    expect(before.status).toBe(404);
    await fx.server.db.exec(`
      create table public.late_table (id int primary key, villa_id bigint references public.villas (id));
      insert into public.late_table values (1, 2);
      create function public.late_function() returns int language sql stable as $$ select 7 $$;
      notify pgrst, 'reload schema';
    `);
    await eventually(async () => (await get('/late_table')).status === 200);
    const r = await get('/late_table?select=id,villas(name)');
    expect(await r.json()).toEqual([{ id: 1, villas: { name: 'Villa Olive' } }]);
    const fn = await get('/rpc/late_function');
    expect(await fn.json()).toBe(7);
  });
});

describe('toSql', () => {
  it('gives the statement a request runs; running it directly gives the same body', async () => {
    const config = fx.server.config;
    const rest = createRest({ db: fx.server.db, config, keys: createKeys(config) });
    await rest.reloadSchema();
    const path = '/rest/v1/villas?select=id,name,owners(name),tasks(title)&bedrooms=gte.2&order=id';
    const viaHttp = await (await get(path.slice('/rest/v1'.length))).text();

    const q = await rest.toSql(
      new Request(`${fx.url}${path}`, { headers: restHeaders({}, WELL_KNOWN.anonKey) }),
    );
    expect(q.role).toBe('anon');
    expect(q.searchPath).toEqual(['public', 'extensions']);
    expect(q.readOnly).toBe(false);
    expect(q.sql).toMatch(/^SELECT /);
    expect(q.params).toContain('2');
    const direct = await runAs(
      fx.server.db,
      { role: q.role, claims: q.claims },
      { method: 'GET', path: '/villas', headers: {}, searchPath: q.searchPath },
      (tx) => tx.query<{ body: string }>(q.sql, q.params),
    );
    expect(direct.rows[0]!.body).toBe(viaHttp);
  });

  it('refuses a request PostgREST would refuse', async () => {
    const config = fx.server.config;
    const rest = createRest({ db: fx.server.db, config, keys: createKeys(config) });
    await expect(
      rest.toSql(new Request(`${fx.url}/rest/v1/nope`, { headers: restHeaders() })),
    ).rejects.toThrow(/PGRST205/);
  });
});
