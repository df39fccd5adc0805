// The transaction around a REST request (runAs): on PostgreSQL BEGIN, the caller's settings and
// the statement are sent without waiting for each other (pipelined). The statement must still
// never run without its role and claims, the settings' error must be the one reported, and
// nothing may stay on the connection for the next request. And the API's CORS headers, now set
// on the handler's own answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHeaders, startFixtureServer, type FixtureServer } from './support/fixture-server.ts';
import { runAs } from '../../server/gateway/context.ts';

let fx: FixtureServer;
const info = { method: 'GET', path: '/test', headers: {} };

beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
  // A sequence is not transactional: a statement that ran leaves its nextval behind.
  await fx.server.db.exec(
    `create sequence public.rest_tx_probe; grant usage on sequence public.rest_tx_probe to anon;`,
  );
});

afterAll(async () => {
  await fx?.server.db.exec('drop sequence if exists public.rest_tx_probe').catch(() => undefined);
  await fx?.stop();
});

const probe = async () =>
  Number(
    (await fx.server.db.query<{ v: string }>('select last_value::text as v from rest_tx_probe'))
      .rows[0]!.v,
  );

describe('runAs', () => {
  it('a statement behind settings that fail never runs, and their error is the one reported', async () => {
    const before = await probe();
    await expect(
      runAs(fx.server.db, { role: 'no_such_role', claims: {} }, info, (tx) =>
        tx.query(`select nextval('public.rest_tx_probe')`),
      ),
    ).rejects.toThrow(/role "no_such_role" does not exist/);
    expect(await probe()).toBe(before);
    // The connection is fine for the next request.
    const ok = await runAs(fx.server.db, { role: 'anon', claims: { role: 'anon' } }, info, (tx) =>
      tx.query<{ u: string }>('select current_user::text as u'),
    );
    expect(ok.rows[0]!.u).toBe('anon');
  });

  it('each request sees its own role and claims, and none stays on a connection', async () => {
    const users = Array.from({ length: 20 }, (_, i) => `user-${i}`);
    const seen = await Promise.all(
      users.map((sub, i) =>
        runAs(
          fx.server.db,
          { role: i % 2 ? 'authenticated' : 'anon', claims: { sub } },
          info,
          async (tx) => {
            const r = await tx.query<{ u: string; sub: string }>(
              `select current_user::text as u, current_setting('request.jwt.claims', true)::json->>'sub' as sub`,
            );
            return r.rows[0]!;
          },
        ),
      ),
    );
    expect(seen).toEqual(users.map((sub, i) => ({ u: i % 2 ? 'authenticated' : 'anon', sub })));
    const after = await Promise.all(
      users.map(() =>
        fx.server.db.query<{ u: string; c: string | null }>(
          `select current_user::text as u, nullif(current_setting('request.jwt.claims', true), '') as c`,
        ),
      ),
    );
    for (const r of after)
      expect(r.rows[0]).toEqual({
        u: expect.not.stringMatching(/^(anon|authenticated)$/),
        c: null,
      });
  });

  it('an error in the statement rolls back and is reported', async () => {
    await expect(
      runAs(fx.server.db, { role: 'anon', claims: {} }, info, (tx) => tx.query('select 1/0')),
    ).rejects.toThrow(/division by zero/);
  });
});

describe('CORS on REST answers', () => {
  it('success and error answers carry the same headers as before', async () => {
    for (const path of ['/villas?select=id&limit=1', '/no_such_table']) {
      const res = await fetch(`${fx.url}/rest/v1${path}`, {
        headers: restHeaders({ Origin: 'https://app.example' }),
      });
      await res.text();
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-expose-headers')).toContain('content-range');
      expect(res.headers.get('vary')).toContain('Origin');
    }
    const preflight = await fetch(`${fx.url}/rest/v1/villas`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-mutation-id');
  });
});
