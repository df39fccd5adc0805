// Every view the API exposes is read-only for its callers: a write (POST, PATCH, DELETE through
// /rest/v1) is refused with 42501 (401 for anon, 403 for a signed-in user) in PostgREST's error
// shape, never a 500 (docs/security-sql.md "Read-only views"). The views are read from the
// catalogue (pg_class, every view and materialized view in each exposed schema), so a view added
// later is walked too, and fails here until its migration calls private.make_view_read_only().
// The callers: anon, a signed-in user with no role, and each demo role.
//
// It runs on a backend of its own (the app's project folder, in-memory PGlite or a fresh database
// on TEST_DATABASE_URL) to read the catalogue directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, WELL_KNOWN } from '../../server/gateway/config.ts';
import {
  serviceClient,
  startFixtureServer,
  type FixtureServer,
} from '../../tests/server/support/fixture-server.ts';
import { DEMO, DEMO_PASSWORD, type RoleName } from './support.ts';

let fixture: FixtureServer;
let views: { schema: string; name: string }[] = [];
const tokens = new Map<string, string>();

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${fixture.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: WELL_KNOWN.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${email}: ${res.status}`);
  return body.access_token;
}

beforeAll(async () => {
  fixture = await startFixtureServer(REPO_ROOT);
  const schemas = fixture.server.config.api?.schemas ?? ['public'];
  const { rows } = await fixture.server.db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
      order by 1, 2`,
    [schemas],
  );
  views = rows;
  for (const role of Object.keys(DEMO) as RoleName[])
    tokens.set(role, await signIn(DEMO[role].email, DEMO_PASSWORD));
  const email = `no-role-${Date.now().toString(36)}@views.test`;
  const { error } = await serviceClient(fixture.url).auth.admin.createUser({
    email,
    password: 'no-role-password',
    email_confirm: true,
  });
  if (error) throw new Error(error.message);
  tokens.set('no role', await signIn(email, 'no-role-password'));
}, 180_000);

afterAll(async () => {
  await fixture?.stop();
});

const writes = [
  { method: 'POST', query: '', body: '{"id":"00000000-0000-4000-8000-000000000000"}' },
  {
    method: 'PATCH',
    query: '?id=not.is.null',
    body: '{"id":"00000000-0000-4000-8000-000000000000"}',
  },
  { method: 'DELETE', query: '?id=not.is.null', body: undefined },
] as const;

describe('writes to read-only views', () => {
  it('the catalogue lists the views the app exposes', () => {
    expect(views.map((v) => v.name)).toEqual(
      expect.arrayContaining(['admin_accounts', 'property_overview']),
    );
  });

  it('are refused with 401 / 403 and PostgREST error shape for every caller, never a 500', async () => {
    const callers: [string, string | null][] = [
      ['anon', null],
      ...[...tokens.entries()].map(([who, token]): [string, string] => [who, token]),
    ];
    const seen: unknown[] = [];
    const wanted: unknown[] = [];
    for (const view of views) {
      for (const [who, token] of callers) {
        for (const w of writes) {
          const res = await fetch(`${fixture.url}/rest/v1/${view.name}${w.query}`, {
            method: w.method,
            headers: {
              apikey: WELL_KNOWN.anonKey,
              Authorization: `Bearer ${token ?? WELL_KNOWN.anonKey}`,
              'Content-Type': 'application/json',
              'Accept-Profile': view.schema,
              'Content-Profile': view.schema,
              Prefer: 'return=minimal',
            },
            body: w.body,
          });
          const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
          const where = `${w.method} ${view.schema}.${view.name} as ${who}`;
          seen.push({
            where,
            status: res.status,
            code: body?.code,
            shape: body ? Object.keys(body).sort() : null,
          });
          wanted.push({
            where,
            status: who === 'anon' ? 401 : 403,
            code: '42501',
            shape: ['code', 'details', 'hint', 'message'],
          });
        }
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('the service role is refused too (42501, not the 500 of a view Postgres cannot update)', async () => {
    for (const view of views) {
      const res = await fetch(`${fixture.url}/rest/v1/${view.name}`, {
        method: 'POST',
        headers: {
          apikey: WELL_KNOWN.serviceRoleKey,
          Authorization: `Bearer ${WELL_KNOWN.serviceRoleKey}`,
          'Content-Type': 'application/json',
          'Content-Profile': view.schema,
        },
        body: '{}',
      });
      const body = (await res.json()) as { code?: string };
      expect({ view: view.name, status: res.status, code: body.code }).toEqual({
        view: view.name,
        status: 403,
        code: '42501',
      });
    }
  });
});
