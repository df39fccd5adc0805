// The first account on an empty system becomes admin (docs/architecture.md), checked in SQL on a fresh,
// unseeded database - the shared test backend is seeded, so it already has users. Users are inserted
// as the auth server inserts them: as role supabase_auth_admin, which is not a superuser.
// Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL names a server (there the
// race between two concurrent sign-ups is checked as well; PGlite has a single connection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrator.ts';
import type { Database, Queryable } from '../../server/db/types.ts';

const supabaseDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const adminUrl = process.env.TEST_DATABASE_URL;

let n = 0;
function newUser(fullName: string) {
  n += 1;
  const id = `f1257000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { id, email: `user${n}@first.test`, fullName };
}

async function insertUser(tx: Queryable, u: ReturnType<typeof newUser>) {
  await tx.query(`select set_config('role', 'supabase_auth_admin', true)`);
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
    [u.id, u.email, JSON.stringify({ full_name: u.fullName })],
  );
}

async function rolesOf(db: Queryable, id: string): Promise<string[]> {
  const r = await db.query<{ name: string }>(
    `select r.name from public.user_roles ur join public.roles r on r.id = ur.role_id
      where ur.user_id = $1 order by 1`,
    [id],
  );
  return r.rows.map((x) => x.name);
}

function suite(kind: 'pglite' | 'postgres') {
  describe(`first account becomes admin (${kind})`, () => {
    let db: Database;
    let dbUrl = '';
    let dropDb: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (kind === 'pglite') {
        db = await openPglite();
      } else {
        const name = `arivia_first_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(adminUrl!);
        u.pathname = `/${name}`;
        dbUrl = u.toString();
        db = await openPostgres(dbUrl);
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

    it('starts empty, with the four system roles and the default matrix', async () => {
      const users = await db.query<{ n: number }>('select count(*)::int as n from auth.users');
      expect(users.rows[0]!.n).toBe(0);
      const roles = await db.query<{ name: string }>('select name from public.roles order by 1');
      expect(roles.rows.map((r) => r.name)).toEqual([
        'admin',
        'housekeeper',
        'manager',
        'technician',
      ]);
    });

    if (kind === 'postgres') {
      it('two concurrent first sign-ups: exactly one becomes admin', async () => {
        const a = newUser('Racer A');
        const b = newUser('Racer B');
        const c1 = new pg.Client({ connectionString: dbUrl });
        const c2 = new pg.Client({ connectionString: dbUrl });
        await c1.connect();
        await c2.connect();
        try {
          const q1: Queryable = {
            query: async (sql, params) => {
              const r = await c1.query(sql, params);
              return { rows: r.rows, rowCount: r.rowCount ?? 0, fields: [] };
            },
            exec: async (sql) => void (await c1.query(sql)),
          };
          const q2: Queryable = {
            query: async (sql, params) => {
              const r = await c2.query(sql, params);
              return { rows: r.rows, rowCount: r.rowCount ?? 0, fields: [] };
            },
            exec: async (sql) => void (await c2.query(sql)),
          };
          const pid2 = (await c2.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
            .pid;
          await c1.query('begin');
          await c2.query('begin');
          await insertUser(q1, a);
          // B's trigger waits for A's transaction; it must then see A as an existing account.
          const second = insertUser(q2, b);
          // Commit A only once B is really waiting on A's lock.
          await expect
            .poll(
              async () =>
                (
                  await db.query<{ wait: string | null }>(
                    'select wait_event_type as wait from pg_stat_activity where pid = $1',
                    [pid2],
                  )
                ).rows[0]?.wait,
              { timeout: 10_000, interval: 20 },
            )
            .toBe('Lock');
          await c1.query('commit');
          await second;
          await c2.query('commit');
        } finally {
          await c1.end();
          await c2.end();
        }
        const roles = [await rolesOf(db, a.id), await rolesOf(db, b.id)];
        // Leave the system empty again for the tests below, whatever the outcome.
        await db.exec(`delete from auth.users`);
        expect(roles).toEqual([['admin'], []]);
      });
    }

    it('the first account gets a profile from full_name and the admin role', async () => {
      const first = newUser('  Eleni Papadaki  ');
      await db.transaction((tx) => insertUser(tx, first));
      const p = await db.query<{ full_name: string; email: string; active: boolean }>(
        'select full_name, email, active from public.profiles where id = $1',
        [first.id],
      );
      expect(p.rows).toEqual([{ full_name: 'Eleni Papadaki', email: first.email, active: true }]);
      expect(await rolesOf(db, first.id)).toEqual(['admin']);
    });

    it('the next accounts get a profile and no role', async () => {
      const second = newUser('Nikos Vlachos');
      await db.transaction((tx) => insertUser(tx, second));
      expect(await rolesOf(db, second.id)).toEqual([]);
      const p = await db.query<{ full_name: string }>(
        'select full_name from public.profiles where id = $1',
        [second.id],
      );
      expect(p.rows[0]!.full_name).toBe('Nikos Vlachos');
    });

    it('a system that has users but no admin does not hand admin to the next sign-up', async () => {
      await db.exec(
        `delete from public.user_roles where role_id = (select id from public.roles where name = 'admin')`,
      );
      const late = newUser('Late Comer');
      await db.transaction((tx) => insertUser(tx, late));
      expect(await rolesOf(db, late.id)).toEqual([]);
    });

    it('a sign-up without full_name gets an empty name; long names are cut to 100', async () => {
      const nameless = newUser('');
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'supabase_auth_admin', true)`);
        await tx.query(`insert into auth.users (id, email) values ($1, $2)`, [
          nameless.id,
          nameless.email,
        ]);
      });
      const long = newUser('Κ'.repeat(150));
      await db.transaction((tx) => insertUser(tx, long));
      const r = await db.query<{ id: string; full_name: string }>(
        'select id, full_name from public.profiles where id = any($1)',
        [[nameless.id, long.id]],
      );
      const byId = new Map(r.rows.map((x) => [x.id, x.full_name]));
      expect(byId.get(nameless.id)).toBe('');
      expect(byId.get(long.id)).toBe('Κ'.repeat(100));
    });

    it('an e-mail change in auth.users reaches the profile; deleting the user removes it', async () => {
      const u = newUser('Maria Kritikou');
      await db.transaction((tx) => insertUser(tx, u));
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'supabase_auth_admin', true)`);
        await tx.query(`update auth.users set email = 'maria@new.test' where id = $1`, [u.id]);
      });
      const p = await db.query<{ email: string }>(
        'select email from public.profiles where id = $1',
        [u.id],
      );
      expect(p.rows[0]!.email).toBe('maria@new.test');
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'supabase_auth_admin', true)`);
        await tx.query(`delete from auth.users where id = $1`, [u.id]);
      });
      const gone = await db.query('select 1 from public.profiles where id = $1', [u.id]);
      expect(gone.rows).toHaveLength(0);
    });
  });
}

suite('pglite');
if (adminUrl) suite('postgres');
