// Issue 34: a write to a read-only view is a refusal (42501: 401 for anon, 403 for a signed-in
// user) in PostgREST's error shape, never the 500 (55000) of a view Postgres cannot update; reads
// are what each view's migration grants. Through supabase-js, as the app calls the API, for anon, a
// signed-in user with no role, a housekeeper and a manager (and the other demo roles). The views
// come from the catalogue (every view and materialized view of the exposed schemas), so a view
// added later is walked too. The grants: supabase/migrations/20261201120000_read_only_views_grants.sql;
// the rule: docs/security-sql.md, "Read-only views"; docs/local-backend.md.
//
// It runs on a backend of its own (the app's project folder: in-memory PGlite, or a fresh
// database on TEST_DATABASE_URL) to read the catalogue directly.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../server/gateway/config.ts';
import { DEMO, DEMO_PASSWORD, type RoleName } from '../../supabase/tests/support.ts';
import {
  anonClient,
  serviceClient,
  startFixtureServer,
  type FixtureServer,
} from './support/fixture-server.ts';

interface View {
  schema: string;
  name: string;
  kind: 'v' | 'm';
  /** A column of the view, for the writes' bodies and filters. */
  column: string;
  /** Whether anon / authenticated hold SELECT on it. */
  anonReads: boolean;
  authenticatedReads: boolean;
}

let fixture: FixtureServer;
let views: View[] = [];
const callers = new Map<string, SupabaseClient>();

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient(fixture.url);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  return client;
}

beforeAll(async () => {
  fixture = await startFixtureServer(REPO_ROOT);
  const schemas = fixture.server.config.api?.schemas ?? ['public'];
  const { rows } = await fixture.server.db.query<View>(
    `select n.nspname as schema, c.relname as name, c.relkind::text as kind,
            (select a.attname from pg_catalog.pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              order by a.attnum limit 1) as column,
            pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') as "anonReads",
            pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT') as "authenticatedReads"
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
      order by 1, 2`,
    [schemas],
  );
  views = rows;
  callers.set('anon', anonClient(fixture.url));
  const email = `no-role-${Date.now().toString(36)}@view-grants.test`;
  const { error } = await serviceClient(fixture.url).auth.admin.createUser({
    email,
    password: 'no-role-password',
    email_confirm: true,
  });
  if (error) throw new Error(error.message);
  callers.set('no role', await signedIn(email, 'no-role-password'));
  for (const role of ['housekeeper', 'manager', 'technician', 'admin'] as RoleName[])
    callers.set(role, await signedIn(DEMO[role].email, DEMO_PASSWORD));
}, 180_000);

afterAll(async () => {
  await fixture?.stop();
});

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** What a caller was answered, in the terms the expectations use. */
function answer(res: {
  status: number;
  error: { code?: string; message?: string; details?: unknown; hint?: unknown } | null;
}) {
  return {
    status: res.status,
    code: res.error?.code ?? null,
    // PostgREST's error shape: code, details, hint and message, all present.
    shape: res.error ? Object.keys(res.error).sort() : null,
  };
}

const refusal = (who: string) => ({
  status: who === 'anon' ? 401 : 403,
  code: '42501',
  shape: ['code', 'details', 'hint', 'message'],
});

describe('read-only views through supabase-js', () => {
  it('the catalogue lists the views the app exposes, none of them written by the API roles', async () => {
    expect(views.map((v) => v.name)).toEqual(
      expect.arrayContaining(['admin_accounts', 'inventory_low_stock', 'property_overview']),
    );
    const { rows } = await fixture.server.db.query<{ view: string; role: string; priv: string }>(
      `select c.oid::regclass::text as view, r.role, p.priv
         from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         cross join unnest(array['anon', 'authenticated']) as r(role)
         cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(priv)
        where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
          and pg_catalog.has_table_privilege(r.role, c.oid, p.priv)`,
      [[...new Set(views.map((v) => v.schema))]],
    );
    expect(rows).toEqual([]);
  });

  it('reads are what each view grants: admin_accounts to no one, the others to signed-in users only', () => {
    expect(
      Object.fromEntries(
        views.map((v) => [v.name, { anon: v.anonReads, authenticated: v.authenticatedReads }]),
      ),
    ).toMatchObject({
      admin_accounts: { anon: false, authenticated: false },
      inventory_low_stock: { anon: false, authenticated: true },
      property_overview: { anon: false, authenticated: true },
    });
  });

  it('insert, upsert, update and delete are refused with 401 / 403 and 42501 for every caller, never a 500', async () => {
    const seen: unknown[] = [];
    const wanted: unknown[] = [];
    for (const view of views) {
      for (const [who, client] of callers) {
        const table = client.schema(view.schema).from(view.name);
        const row = { [view.column]: NO_ID };
        const writes = {
          insert: () => table.insert(row),
          upsert: () => table.upsert(row),
          update: () => table.update(row).not(view.column, 'is', null),
          delete: () => table.delete().not(view.column, 'is', null),
        };
        for (const [op, write] of Object.entries(writes)) {
          const where = `${op} ${view.schema}.${view.name} as ${who}`;
          seen.push({ where, ...answer(await write()) });
          wanted.push({ where, ...refusal(who) });
        }
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('reads answer as granted: refused (401 / 403, 42501) without SELECT, served with it', async () => {
    const seen: unknown[] = [];
    const wanted: unknown[] = [];
    for (const view of views) {
      for (const [who, client] of callers) {
        const res = await client.schema(view.schema).from(view.name).select('*').limit(1);
        const where = `select ${view.schema}.${view.name} as ${who}`;
        seen.push({ where, ...answer(res) });
        const granted = who === 'anon' ? view.anonReads : view.authenticatedReads;
        wanted.push({
          where,
          ...(granted ? { status: 200, code: null, shape: null } : refusal(who)),
        });
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('a view a later migration adds starts with no grant to anon and no write grant to authenticated', async () => {
    // Made as the migrations are (the migration role, in public), then dropped.
    await fixture.server.db.exec('create view public.view_grants_probe as select 1 as id');
    try {
      const { rows } = await fixture.server.db.query<{ role: string; priv: string }>(
        `select r.role, p.priv
           from unnest(array['anon', 'authenticated']) as r(role)
           cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(priv)
          where pg_catalog.has_table_privilege(r.role, 'public.view_grants_probe', p.priv)`,
      );
      // authenticated keeps the platform's default SELECT: the view's migration decides its reads.
      expect(rows).toEqual([{ role: 'authenticated', priv: 'SELECT' }]);
    } finally {
      await fixture.server.db.exec('drop view public.view_grants_probe');
    }
  });

  it("a manager reads the villas' overview and a housekeeper the villas she may see (reads unchanged)", async () => {
    const manager = await callers.get('manager')!.from('property_overview').select('*');
    expect(manager.error).toBeNull();
    expect(manager.data!.length).toBeGreaterThan(0);
    const housekeeper = await callers.get('housekeeper')!.from('property_overview').select('*');
    expect(housekeeper.error).toBeNull();
    const noRole = await callers.get('no role')!.from('property_overview').select('*');
    expect(noRole).toMatchObject({ status: 200, data: [] });
  });
});
