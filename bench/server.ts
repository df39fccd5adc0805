// Server benchmark (issue 2): requests per second and p50 / p95 latency of the REST API for a
// typical list query with one embed, a single-row read and an insert, at 1 and 32 concurrent
// clients, on PGlite and on PostgreSQL 15, each beside the same SQL run directly on the driver:
//   direct = the statement the API generated, in a transaction with the same role, claims and
//            search_path, each statement awaited in turn (BEGIN, settings, statement, COMMIT), as
//            an application does on the driver: the baseline of the 1.3x target (issue 17)
//   runAs  = the same through the API's own runAs, as the API sends it (on PostgreSQL BEGIN, the
//            settings, the statement and, for most requests, a guard and COMMIT in one write and
//            one round trip: RestSql.guard): API / runAs is the HTTP and JS layer alone
//   bare   = the same statement alone, as the superuser (no transaction, no RLS)
// The API server runs in a child process (its own core); the load generator and the direct
// runs share this process.
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../server/gateway/config.ts';
import { createKeys } from '../server/gateway/keys.ts';
import { runAs } from '../server/gateway/context.ts';
import { openDatabase } from '../server/db/open.ts';
import { migrate } from '../server/db/migrator.ts';
import type { Database } from '../server/db/types.ts';
import { createRest } from '../server/rest/index.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startCluster, freePort, freshDatabase } from '../scripts/pg-cluster.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const fixture = path.join(here, 'fixtures', 'project');
const OWNER = '11111111-1111-4111-8111-111111111111';
const VILLA = '00000000-0000-4000-8000-0000000000aa';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 32];
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
/** Issue 17: the API at most 1.3x the statement on the driver (PostgreSQL, p50, one client). */
const OVERHEAD_TARGET = 1.3;
const SETTINGS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true), set_config('request.path', $4, true),
  set_config('request.headers', $5, true), set_config('search_path', $6, true)`;

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const cases: Case[] = [
  {
    name: 'list + one embed (20 villas with bookings)',
    method: 'GET',
    path: '/rest/v1/bench_villas?select=id,name,area,bedrooms,bench_bookings(id,check_in,check_out)&area=eq.Oia&order=name.asc&limit=20',
  },
  {
    name: 'single row (object+json)',
    method: 'GET',
    path: `/rest/v1/bench_villas?select=*&id=eq.${VILLA}`,
    headers: { Accept: 'application/vnd.pgrst.object+json' },
  },
  {
    name: 'insert (return=minimal)',
    method: 'POST',
    path: '/rest/v1/bench_bookings',
    headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify({
      owner_id: OWNER,
      villa_id: VILLA,
      guest_name: 'Bench Guest',
      check_in: '2027-01-01',
      check_out: '2027-01-05',
    }),
  },
];

async function waitHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      const r = await fetch(`${url}/_health`);
      if (r.ok) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

function httpOp(base: string, c: Case, headers: Record<string, string>, agent: http.Agent) {
  const u = new URL(base + c.path);
  return () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname + u.search,
          method: c.method,
          headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode! < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      if (c.body) req.write(c.body);
      req.end();
    });
}

interface Row {
  target: string;
  case: string;
  connections: number;
  api: LoadResult;
  direct: LoadResult;
  runAs: LoadResult;
  bare: LoadResult;
  overhead: number;
  /** API / runAs: what HTTP and the REST layer add to the API's own database work. */
  layer: number;
}

const verdict = (r: Row) =>
  r.target === 'postgres' && r.connections === 1
    ? ` ${r.overhead <= OVERHEAD_TARGET ? 'met' : 'NOT met'} (target ${OVERHEAD_TARGET}x)`
    : '';

async function benchTarget(target: 'pglite' | 'postgres', databaseUrl?: string): Promise<Row[]> {
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: 'development' } as NodeJS.ProcessEnv;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/main.ts',
      '--workdir',
      fixture,
      '--port',
      String(port),
      ...(databaseUrl ? [] : ['--memory']),
    ],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  let direct: Database | undefined;
  let plain: pg.Pool | undefined;
  try {
    await waitHealthy(base, child);
    // The direct runs use their own connection: the same database on PostgreSQL, an identical
    // migrated and seeded in-memory database on PGlite (PGlite is one process's database).
    direct = await openDatabase({ databaseUrl });
    if (!databaseUrl) await migrate(direct, path.join(fixture, 'supabase'));
    // The driver as an application uses it: one statement per round trip, each awaited.
    if (databaseUrl) plain = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const config = loadConfig({ workdir: fixture, env: {} });
    const keys = createKeys(config);
    const rest = createRest({ db: direct, config, keys });
    await rest.reloadSchema();
    const token = await keys.sign(
      { sub: OWNER, role: 'authenticated', aud: 'authenticated' },
      3600,
    );
    const rows: Row[] = [];
    for (const c of cases) {
      const headers: Record<string, string> = {
        apikey: config.anonKey,
        Authorization: `Bearer ${token}`,
        ...(c.headers ?? {}),
      };
      const sql = await rest.toSql(
        new Request(base + c.path, { method: c.method, headers, body: c.body }),
      );
      for (const connections of CONNECTIONS) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
        const api = await runLoad(httpOp(base, c, headers, agent), {
          connections,
          seconds: SECONDS,
        });
        agent.destroy();
        const info = { method: c.method, path: c.path, headers: {}, searchPath: sql.searchPath };
        const db = direct;
        const settings = [
          sql.role,
          JSON.stringify(sql.claims),
          c.method,
          c.path,
          '{}',
          sql.searchPath.map((s) => `"${s}"`).join(', '),
        ];
        const pool = plain;
        const onDriver = pool
          ? async () => {
              const client = await pool.connect();
              try {
                await client.query('begin');
                await client.query(SETTINGS_SQL, settings);
                await client.query(sql.sql, sql.params);
                await client.query('commit');
              } finally {
                client.release();
              }
            }
          : () =>
              db
                .transaction(async (tx) => {
                  await tx.query(SETTINGS_SQL, settings);
                  await tx.query(sql.sql, sql.params);
                })
                .then(() => undefined);
        const directRes = await runLoad(onDriver, { connections, seconds: SECONDS });
        const runAsRes = await runLoad(
          () =>
            runAs(db, { role: sql.role, claims: sql.claims }, info, async (tx) => {
              const statement = tx.query(sql.sql, sql.params);
              if (sql.guard === undefined || !tx.commitNow) return statement;
              statement.catch(() => undefined);
              const guard = tx.query(sql.guard);
              guard.catch(() => undefined);
              tx.commitNow();
              await statement;
              return guard;
            }).then(() => undefined),
          { connections, seconds: SECONDS },
        );
        const bare = await runLoad(() => db.query(sql.sql, sql.params).then(() => undefined), {
          connections,
          seconds: SECONDS,
        });
        const row: Row = {
          target,
          case: c.name,
          connections,
          api,
          direct: directRes,
          runAs: runAsRes,
          bare,
          overhead: Math.round((api.p50 / directRes.p50) * 100) / 100,
          layer: Math.round((api.p50 / runAsRes.p50) * 100) / 100,
        };
        rows.push(row);
        console.log(
          `${target.padEnd(8)} ${c.name.padEnd(44)} c=${String(connections).padEnd(2)} API ${api.rps} req/s p50 ${api.p50} p95 ${api.p95} ms | direct ${directRes.rps} req/s p50 ${directRes.p50} p95 ${directRes.p95} | runAs p50 ${runAsRes.p50} | bare p50 ${bare.p50} | API/direct ${row.overhead}x${verdict(row)}, API/runAs ${row.layer}x${api.errors ? ` (${api.errors} errors)` : ''}`,
        );
      }
    }
    return rows;
  } finally {
    await direct?.close();
    await plain?.end();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  const rows: Row[] = [];
  if (TARGETS.includes('pglite')) rows.push(...(await benchTarget('pglite')));
  if (TARGETS.includes('postgres')) {
    const cluster = startCluster(await freePort());
    try {
      const db = await freshDatabase(cluster.url, 'arivia_bench');
      rows.push(...(await benchTarget('postgres', db.url)));
    } finally {
      cluster.stop();
    }
  }

  const table = [
    '| backend | request | clients | API req/s | API p50 ms | API p95 ms | direct req/s | direct p50 ms | direct p95 ms | runAs p50 ms | bare p50 ms | API ÷ direct (p50) | API ÷ runAs (p50) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.case} | ${r.connections} | ${r.api.rps} | ${r.api.p50} | ${r.api.p95} | ${r.direct.rps} | ${r.direct.p50} | ${r.direct.p95} | ${r.runAs.p50} | ${r.bare.p50} | ${r.overhead}× | ${r.layer}× |`,
    ),
  ].join('\n');
  console.log('\n' + table);
  const pg1 = rows.filter((r) => r.target === 'postgres' && r.connections === 1);
  if (pg1.length) {
    console.log(
      `\nIssue 17, the REST API's own overhead on PostgreSQL (p50, one client), target at most ${OVERHEAD_TARGET}x:`,
    );
    for (const r of pg1) console.log(`  ${r.case}: ${r.overhead}x${verdict(r)}`);
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'server.json'),
    JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, rows }, null, 2),
  );
}

await main();
