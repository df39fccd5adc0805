// Nobody removes the last active admin (docs/admin.md), checked in SQL on a fresh database with
// exactly one admin - the shared test backend has the demo admin beside any test's. API callers
// are played as the API plays them: role authenticated and the caller's JWT claims.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrator.ts';
import { isPgError, type Database, type Queryable } from '../../server/db/types.ts';

const supabaseDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const adminUrl = process.env.TEST_DATABASE_URL;
const FIRST = 'ad000000-0000-4000-8000-000000000001';
const SECOND = 'ad000000-0000-4000-8000-000000000002';

async function insertUser(db: Database, id: string, email: string) {
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'supabase_auth_admin', true)`);
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
      [id, email],
    );
  });
}

/** Runs sql as an API caller; resolves to 'SQLSTATE: message' of a refusal, or 'ok'. */
async function asCaller(
  db: Database,
  role: string,
  uid: string | null,
  sql: string,
  params: unknown[] = [],
) {
  try {
    await db.transaction(async (tx: Queryable) => {
      const claims = uid ? { sub: uid, role } : { role };
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await tx.query(`select set_config('role', $1, true)`, [role]);
      await tx.query(sql, params);
    });
    return 'ok';
  } catch (e) {
    if (isPgError(e)) return `${e.code}: ${e.message}`;
    throw e;
  }
}

const LAST = '42501: The last admin cannot lose the admin role or be deactivated';
const dropAdmin = `delete from public.user_roles where user_id = $1
  and role_id = (select id from public.roles where name = 'admin')`;

function suite(kind: 'pglite' | 'postgres') {
  describe(`the last admin stays (${kind})`, () => {
    let db: Database;
    let dropDb: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (kind === 'pglite') {
        db = await openPglite();
      } else {
        const name = `arivia_lastadmin_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`create database ${name}`);
        await c.end();
        const u = new URL(adminUrl!);
        u.pathname = `/${name}`;
        db = await openPostgres(u.toString());
        dropDb = async () => {
          const d = new pg.Client({ connectionString: adminUrl });
          await d.connect();
          await d.query(`drop database if exists ${name} with (force)`);
          await d.end();
        };
      }
      await migrate(db, supabaseDir, { seed: false });
      await insertUser(db, FIRST, 'first@last.test'); // becomes admin
      await insertUser(db, SECOND, 'second@last.test');
    });

    afterAll(async () => {
      await db?.close();
      await dropDb?.();
    });

    it('the service role cannot take the admin role from the only admin, nor deactivate them', async () => {
      expect(await asCaller(db, 'service_role', null, dropAdmin, [FIRST])).toBe(LAST);
      expect(
        await asCaller(
          db,
          'service_role',
          null,
          'update public.profiles set active = false where id = $1',
          [FIRST],
        ),
      ).toBe(LAST);
    });

    it('with a second admin, one admin may remove the other; the one left stays', async () => {
      expect(
        await asCaller(
          db,
          'authenticated',
          FIRST,
          `insert into public.user_roles (user_id, role_id) select $1, id from public.roles where name = 'admin'`,
          [SECOND],
        ),
      ).toBe('ok');
      expect(
        await asCaller(
          db,
          'authenticated',
          SECOND,
          'update public.profiles set active = false where id = $1',
          [FIRST],
        ),
      ).toBe('ok');
      // FIRST is now inactive: SECOND is the last active admin.
      expect(await asCaller(db, 'service_role', null, dropAdmin, [SECOND])).toBe(LAST);
      expect(
        await asCaller(
          db,
          'service_role',
          null,
          'update public.profiles set active = false where id = $1',
          [SECOND],
        ),
      ).toBe(LAST);
      const log = await db.query<{ action: string; actor_id: string }>(
        `select action, actor_id from public.audit_log where entity = 'account' and subject_user_id = $1
          order by id desc limit 1`,
        [FIRST],
      );
      expect(log.rows[0]).toEqual({ action: 'deactivated', actor_id: SECOND });
    });
  });
}

suite('pglite');
if (adminUrl) suite('postgres');
