// SQL that areas compose (docs/adding-an-area.md "SQL"): readiness and history are the UNION ALL of
// one view per area (private.view_parts), and status moves are data (private.allowed_moves) read by
// the one transition helper. Checked in SQL on a fresh, unseeded database, each change inside a
// transaction that is rolled back. Runs on in-memory PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL names a server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrator.ts';
import type { Database, Queryable } from '../../server/db/types.ts';
import { READINESS_REASON_CODES } from '../../src/lib/readiness-codes.ts';

const supabaseDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const adminUrl = process.env.TEST_DATABASE_URL;

class RolledBack extends Error {}

/** Runs fn in a transaction that is always rolled back; returns what fn returned. */
async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await db
    .transaction(async (tx) => {
      out = await fn(tx);
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return out as T;
}

async function one<R>(tx: Queryable, sql: string, params: unknown[] = []): Promise<R> {
  return (await tx.query<R>(sql, params)).rows[0]!;
}

/** A villa (and, when asked, a scheduled clean of it), made as the database itself. */
async function villa(tx: Queryable, code: string, status = 'active'): Promise<string> {
  const v = await one<{ id: string }>(
    tx,
    `insert into public.properties (code, name, status) values ($1, $2, $3::public.property_status)
     returning id`,
    [code, `Villa ${code}`, status],
  );
  return v.id;
}

async function clean(tx: Queryable, propertyId: string): Promise<string> {
  const t = await one<{ id: string }>(
    tx,
    `insert into public.cleaning_tasks (property_id, cleaning_type_id, window_start, due_at)
     select $1, ct.id, now() + interval '1 day', now() + interval '1 day 4 hours'
     from public.cleaning_types ct where ct.code = 'deep_clean'
     returning id`,
    [propertyId],
  );
  return t.id;
}

async function errorOf(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected an error');
}

function suite(kind: 'pglite' | 'postgres') {
  describe(`SQL composition (${kind})`, () => {
    let db: Database;
    let dropDb: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (kind === 'pglite') {
        db = await openPglite();
      } else {
        const name = `arivia_compose_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(adminUrl!);
        u.pathname = `/${name}`;
        db = await openPostgres(u.toString());
        dropDb = async () => {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        };
      }
      await migrate(db, supabaseDir, { seed: false });
    });

    afterAll(async () => {
      await db?.close();
      await dropDb?.();
    });

    it('readiness and history are composed of the areas registered in private.view_parts', async () => {
      const parts = await db.query<{ whole: string; part: string }>(
        `select whole, part::text as part from private.view_parts order by whole, part::text`,
      );
      expect(parts.rows).toEqual([
        { whole: 'private.property_history', part: 'private.property_history_housekeeping' },
        { whole: 'private.property_history', part: 'private.property_history_inventory' },
        { whole: 'private.property_history', part: 'private.property_history_reservations' },
        { whole: 'private.readiness_reasons', part: 'private.readiness_reasons_housekeeping' },
        { whole: 'private.readiness_reasons', part: 'private.readiness_reasons_maintenance' },
        { whole: 'private.readiness_reasons', part: 'private.readiness_reasons_properties' },
      ]);
    });

    it('the generated reason codes are the registered ones, in list order', async () => {
      const codes = await db.query<{ code: string }>(
        'select code from private.readiness_codes order by position',
      );
      expect(codes.rows.map((r) => r.code)).toEqual([...READINESS_REASON_CODES]);
    });

    it("a new area's reason view is picked up by property_overview, in its codes' order", async () => {
      const seen = await rolledBack(db, async (tx) => {
        const id = await villa(tx, 'CMP-01', 'inactive');
        const before = await one<{ r: string[] }>(
          tx,
          'select not_ready_reasons as r from public.property_overview where id = $1',
          [id],
        );
        await tx.exec(`
          create schema composition_test;
          create view composition_test.readiness_reasons as
          select p.id as property_id, 'stock_missing'::text as code,
            timestamptz '2030-01-01 10:00+00' as due_at, null::uuid as task_id
          from public.properties p where p.code = 'CMP-01';
          insert into private.readiness_codes (code, area, position, description)
          values ('stock_missing', 'inventory', 15, 'A test reason between archived and inactive.');
          select private.add_view_part('private.readiness_reasons', 'composition_test.readiness_reasons');
        `);
        const after = await one<{
          r: string[];
          ready: boolean;
          due: Date | string | null;
          readiness: string[];
        }>(
          tx,
          `select o.not_ready_reasons as r, o.guest_ready as ready, o.not_ready_due_at as due,
                  (select f.reasons from public.property_readiness(o.id) f) as readiness
             from public.property_overview o where o.id = $1`,
          [id],
        );
        return { before: before.r, ...after };
      });
      expect(seen.before).toEqual(['inactive']);
      expect(seen.r).toEqual(['stock_missing', 'inactive']);
      expect(seen.readiness).toEqual(['stock_missing', 'inactive']);
      expect(seen.ready).toBe(false);
      expect(new Date(seen.due!).toISOString()).toBe('2030-01-01T10:00:00.000Z');
      // Rolled back: the composed view is as the migrations left it.
      const parts = await db.query<{ n: number }>(
        `select count(*)::int as n from private.view_parts where part::text like 'composition_test.%'`,
      );
      expect(parts.rows[0]!.n).toBe(0);
    });

    it('a part whose columns differ from the others is refused', async () => {
      const e = await errorOf(
        rolledBack(db, async (tx) => {
          await tx.exec(`
            create view private.readiness_reasons_wrong as
            select p.id as property_id, 'archived'::text as code from public.properties p;
            select private.add_view_part('private.readiness_reasons', 'private.readiness_reasons_wrong');
          `);
        }),
      );
      expect(e.code).toBe('22023');
      expect(e.message).toContain('private.readiness_reasons_wrong has the columns');
    });

    it("a new area's history view is picked up by property_has_history", async () => {
      const seen = await rolledBack(db, async (tx) => {
        const id = await villa(tx, 'CMP-02');
        const before = await one<{ h: boolean }>(
          tx,
          'select public.property_has_history($1) as h',
          [id],
        );
        await tx.exec(`
          create schema composition_test;
          create view composition_test.property_history as
          select p.id as property_id from public.properties p where p.code = 'CMP-02';
          select private.add_view_part('private.property_history', 'composition_test.property_history');
        `);
        const after = await one<{ h: boolean }>(tx, 'select public.property_has_history($1) as h', [
          id,
        ]);
        return [before.h, after.h];
      });
      expect(seen).toEqual([false, true]);
    });

    it("every allowed move names statuses of its entity's status type and a known permission", async () => {
      const bad = await db.query(
        `select m.* from private.allowed_moves m
           join private.transition_entities e using (entity)
           join pg_attribute a on a.attrelid = e.table_name and a.attname = 'status'
          where not (m.from_status = any (enum_range(null::public.cleaning_task_status)::text[])
                     and a.atttypid = 'public.cleaning_task_status'::regtype
                  or m.from_status = any (enum_range(null::public.work_order_status)::text[])
                     and a.atttypid = 'public.work_order_status'::regtype)
             or not (m.to_status = any (enum_range(null::public.cleaning_task_status)::text[])
                     and a.atttypid = 'public.cleaning_task_status'::regtype
                  or m.to_status = any (enum_range(null::public.work_order_status)::text[])
                     and a.atttypid = 'public.work_order_status'::regtype)`,
      );
      expect(bad.rows).toEqual([]);
      const assignees = await db.query<{ f: string }>(
        `select e.is_assignee::regprocedure::text as f from private.transition_entities e
          where pg_get_function_result(e.is_assignee::regprocedure) = 'boolean'
          order by 1`,
      );
      expect(assignees.rows.map((r) => r.f)).toEqual([
        'private.cleaning_task_is_assignee(uuid,uuid)',
        'private.work_order_is_assignee(uuid,uuid)',
      ]);
      const counts = await db.query<{ entity: string; n: number }>(
        'select entity, count(*)::int as n from private.allowed_moves group by entity order by entity',
      );
      expect(counts.rows).toEqual([
        { entity: 'cleaning_task', n: 10 },
        { entity: 'work_order', n: 20 },
      ]);
    });

    it('a move is refused unless private.allowed_moves has it, whoever asks', async () => {
      const seen = await rolledBack(db, async (tx) => {
        const id = await clean(tx, await villa(tx, 'CMP-03'));
        const call = (to: string, version: number) =>
          tx.query<{ status: string; version: number }>(
            `select (t).status::text as status, (t).version as version
               from (select public.transition_cleaning_task($1, $2::public.cleaning_task_status, $3) as t) x`,
            [id, to, version],
          );
        // Not in the table: refused with the message the API has always given.
        await tx.exec('savepoint s1');
        const refused = await errorOf(call('done', 1));
        await tx.exec('rollback to savepoint s1');
        // Skipping is in the table; skipped -> cancelled is not, until a row says so.
        const skipped = (await call('skipped', 1)).rows[0]!;
        await tx.exec('savepoint s2');
        const notYet = await errorOf(call('cancelled', 2));
        await tx.exec('rollback to savepoint s2');
        await tx.exec(`insert into private.allowed_moves (entity, from_status, to_status, permission)
                       values ('cleaning_task', 'skipped', 'cancelled', 'housekeeping.manage')`);
        const cancelled = (await call('cancelled', 2)).rows[0]!;
        // And a row taken away refuses the move it held.
        await tx.exec(`delete from private.allowed_moves
                        where entity = 'cleaning_task' and from_status = 'cancelled' and to_status = 'scheduled'`);
        await tx.exec('savepoint s3');
        const removed = await errorOf(call('scheduled', 3));
        await tx.exec('rollback to savepoint s3');
        return { refused, skipped, notYet, cancelled, removed };
      });
      expect(seen.refused).toMatchObject({
        code: '22023',
        message: 'A clean cannot go from scheduled to done',
      });
      expect(seen.skipped).toEqual({ status: 'skipped', version: 2 });
      expect(seen.notYet).toMatchObject({
        code: '22023',
        message: 'A clean cannot go from skipped to cancelled',
      });
      expect(seen.cancelled).toEqual({ status: 'cancelled', version: 3 });
      expect(seen.removed).toMatchObject({
        code: '22023',
        message: 'A clean cannot go from cancelled to scheduled',
      });
    });

    it('a stale version is refused before the move is looked at (PT409)', async () => {
      const e = await errorOf(
        rolledBack(db, async (tx) => {
          const id = await clean(tx, await villa(tx, 'CMP-04'));
          await tx.query(
            `select public.transition_cleaning_task($1, 'done'::public.cleaning_task_status, 7)`,
            [id],
          );
        }),
      );
      expect(e).toMatchObject({
        code: 'PT409',
        message: 'This clean was changed by someone else (now scheduled, version 1)',
      });
    });
  });
}

suite('pglite');
if (adminUrl) suite('postgres');
