// Issue 34: the guard in front of the COMMIT sent with the statement (server/rest/index.ts,
// commitFirst) must stop that COMMIT whenever the answer read from the statement carries a
// response override, even one a later AFTER trigger cleared again before the guard ran. Those
// triggers fire after the statement's answer is built, so the answer keeps the override (an
// invalid one is a 500 and a rollback on the ordinary way) while the settings the guard reads are
// empty. On PGlite every request takes the ordinary way; the same cases must answer the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHeaders, startFixtureServer, type FixtureServer } from './support/fixture-server.ts';

let fx: FixtureServer;
beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
});
afterAll(async () => {
  await fx?.stop();
});

describe('the COMMIT guard and AFTER triggers', () => {
  const sql = `
    create table public.rest_guard_notes (id serial primary key, body text not null);
    grant select, insert, update on public.rest_guard_notes to anon;
    grant usage on sequence public.rest_guard_notes_id_seq to anon;
    -- BEFORE: sets an override (an invalid status, a valid one, or headers).
    create function public.rest_guard_set() returns trigger language plpgsql as $$
    begin
      if new.body like 'bad status%' then perform set_config('response.status', 'nope', true); end if;
      if new.body like 'accepted%' then perform set_config('response.status', '202', true); end if;
      if new.body like 'bad headers%' then
        perform set_config('response.headers', '{"not": "an array"}', true);
      end if;
      return new;
    end $$;
    create trigger rest_guard_set before insert or update on public.rest_guard_notes
      for each row execute function public.rest_guard_set();
    -- AFTER: clears every override again, once the statement's answer has read it.
    create function public.rest_guard_clear() returns trigger language plpgsql as $$
    begin
      perform set_config('response.status', '', true);
      perform set_config('response.headers', '', true);
      return null;
    end $$;
    create trigger rest_guard_clear after insert or update on public.rest_guard_notes
      for each row execute function public.rest_guard_clear();
    create trigger rest_guard_clear_statement after insert or update on public.rest_guard_notes
      for each statement execute function public.rest_guard_clear();
    notify pgrst, 'reload schema';`;
  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${fx.url}/rest/v1${path}`, {
      ...init,
      headers: restHeaders((init.headers ?? {}) as Record<string, string>),
    });
  const count = async (where: string) =>
    Number(
      (
        await fx.server.db.query<{ n: string }>(
          `select count(*)::text as n from public.rest_guard_notes where ${where}`,
        )
      ).rows[0]!.n,
    );
  const insert = (body: string, prefer = 'return=minimal') =>
    rest('/rest_guard_notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: prefer },
      body: JSON.stringify({ body }),
    });

  beforeAll(async () => {
    await fx.server.db.exec(sql);
    for (let i = 0; i < 100; i++) {
      if ((await rest('/rest_guard_notes?select=id&limit=0')).ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the schema cache did not reload');
  });

  it('an invalid status cleared by an AFTER trigger is a 500 and the insert is undone', async () => {
    const res = await insert('bad status 1');
    expect(res.status).toBe(500);
    expect((await res.json()) as { code: string }).toMatchObject({ code: 'PGRST112' });
    expect(await count(`body = 'bad status 1'`)).toBe(0);
  });

  it('the same with the rows returned', async () => {
    const res = await insert('bad status 2', 'return=representation');
    expect(res.status).toBe(500);
    await res.text();
    expect(await count(`body = 'bad status 2'`)).toBe(0);
  });

  it('invalid headers cleared by an AFTER trigger are a 500 and the insert is undone', async () => {
    const res = await insert('bad headers 1');
    expect(res.status).toBe(500);
    expect((await res.json()) as { code: string }).toMatchObject({ code: 'PGRST111' });
    expect(await count(`body = 'bad headers 1'`)).toBe(0);
  });

  it('an update whose override is cleared is undone too', async () => {
    expect((await insert('plain 1')).status).toBe(201);
    const res = await rest('/rest_guard_notes?body=eq.plain%201', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ body: 'bad status 3' }),
    });
    expect(res.status).toBe(500);
    await res.text();
    expect(await count(`body = 'bad status 3'`)).toBe(0);
    expect(await count(`body = 'plain 1'`)).toBe(1);
  });

  it('a valid status cleared by an AFTER trigger is answered, and the row is inserted once', async () => {
    const res = await insert('accepted 1', 'return=representation');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual([{ id: expect.any(Number), body: 'accepted 1' }]);
    expect(await count(`body = 'accepted 1'`)).toBe(1);
  });

  it('a plain insert through the same triggers commits once', async () => {
    expect((await insert('plain 2')).status).toBe(201);
    expect(await count(`body = 'plain 2'`)).toBe(1);
  });
});
