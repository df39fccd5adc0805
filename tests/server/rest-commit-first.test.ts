// Issue 17: the COMMIT sent with the statement on PostgreSQL (server/rest/index.ts, commitFirst)
// ends each request as the ordinary transaction did. On PGlite the same cases run the ordinary way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHeaders, startFixtureServer, type FixtureServer } from './support/fixture-server.ts';

let fx: FixtureServer;
beforeAll(async () => {
  fx = await startFixtureServer('rest-project');
});
afterAll(async () => {
  await fx?.stop();
});

// On PostgreSQL most requests send COMMIT in the same round trip as their statement, behind a
// guard statement (server/rest/index.ts, commitFirst). What could need the transaction undone
// after the answer is read - an override of the status or headers (invalid: 500 and a rollback),
// a singular read's 406 after the read wrote something - must still end as before: the guard
// stops that COMMIT and the request runs again the ordinary way, once in effect.
describe('the COMMIT sent with the statement', () => {
  const sql = `
    create table public.rest_tx_notes (id serial primary key, body text not null);
    create table public.rest_tx_reads (id serial primary key, note_id int);
    grant select, insert on public.rest_tx_notes, public.rest_tx_reads to anon;
    grant usage on sequence public.rest_tx_notes_id_seq, public.rest_tx_reads_id_seq to anon;
    create function public.rest_tx_notes_status() returns trigger language plpgsql as $$
    begin
      if new.body = 'accepted' then perform set_config('response.status', '202', true); end if;
      if new.body = 'bad status' then perform set_config('response.status', 'nope', true); end if;
      return new;
    end $$;
    create trigger rest_tx_notes_status before insert on public.rest_tx_notes
      for each row execute function public.rest_tx_notes_status();
    -- A read that writes: each note read through this view is logged.
    create function public.rest_tx_log_read(n int) returns boolean language sql volatile as $$
      insert into public.rest_tx_reads (note_id) values (n) returning true $$;
    create view public.rest_tx_logged_notes with (security_invoker = true) as
      select id, body from public.rest_tx_notes where public.rest_tx_log_read(id);
    grant select on public.rest_tx_logged_notes to anon;
    notify pgrst, 'reload schema';`;
  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${fx.url}/rest/v1${path}`, {
      ...init,
      headers: restHeaders((init.headers ?? {}) as Record<string, string>),
    });
  const count = async (table: string, where = 'true') =>
    Number(
      (
        await fx.server.db.query<{ n: string }>(
          `select count(*)::text as n from ${table} where ${where}`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    await fx.server.db.exec(sql);
    // The schema cache reloads on the NOTIFY; wait until the new table is served.
    for (let i = 0; i < 100; i++) {
      if ((await rest('/rest_tx_logged_notes?select=id&limit=0')).ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the schema cache did not reload');
  });

  it('a plain insert commits once', async () => {
    const res = await rest('/rest_tx_notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ body: 'plain' }),
    });
    expect(res.status).toBe(201);
    expect(await count('rest_tx_notes', `body = 'plain'`)).toBe(1);
  });

  it('a status set by a trigger is answered, and the row is inserted once', async () => {
    const res = await rest('/rest_tx_notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ body: 'accepted' }),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual([{ id: expect.any(Number), body: 'accepted' }]);
    expect(await count('rest_tx_notes', `body = 'accepted'`)).toBe(1);
  });

  it('an invalid status set by a trigger is a 500 and the insert is undone', async () => {
    const res = await rest('/rest_tx_notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ body: 'bad status' }),
    });
    expect(res.status).toBe(500);
    expect((await res.json()) as { code: string }).toMatchObject({ code: 'PGRST112' });
    expect(await count('rest_tx_notes', `body = 'bad status'`)).toBe(0);
  });

  it("a singular read's 406 undoes what the read wrote; a 200 keeps it once", async () => {
    const object = { Accept: 'application/vnd.pgrst.object+json' };
    const before = await count('rest_tx_reads');
    const none = await rest('/rest_tx_logged_notes?id=eq.-1', { headers: object });
    expect(none.status).toBe(406);
    await none.text();
    const many = await rest('/rest_tx_logged_notes?select=id', { headers: object });
    expect(many.status).toBe(406);
    await many.text();
    expect(await count('rest_tx_reads')).toBe(before);
    const id = (
      await fx.server.db.query<{ id: number }>(
        `select id from rest_tx_notes where body = 'plain' limit 1`,
      )
    ).rows[0]!.id;
    const one = await rest(`/rest_tx_logged_notes?id=eq.${id}`, { headers: object });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ id, body: 'plain' });
    expect(await count('rest_tx_reads', `note_id = ${id}`)).toBe(1);
  });

  it('a singular read that wrote nothing answers 406 and 200 as before', async () => {
    const object = { Accept: 'application/vnd.pgrst.object+json' };
    const none = await rest('/rest_tx_notes?id=eq.-1', { headers: object });
    expect(none.status).toBe(406);
    expect((await none.json()) as { code: string }).toMatchObject({ code: 'PGRST116' });
    const some = await rest('/rest_tx_notes?select=id&limit=1', { headers: object });
    expect(some.status).toBe(200);
  });
});
