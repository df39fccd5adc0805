// Server benchmark (issue 2): requests per second and p50 / p95 latency of the REST API for a
// typical list query with one embed, a single-row read and an insert, at 1 and 32 concurrent
// clients, on PGlite and on PostgreSQL 15, each beside the same SQL run directly on the driver:
//   direct = the statement the API generated, in the same transaction with the same role,
//            claims and search_path (what the database does for the API; RLS included)
//   bare   = the same statement alone, as the superuser (no transaction, no RLS)
// The API server runs in a child process (its own core); the load generator and the direct
// runs share this process.
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  bare: LoadResult;
  overhead: number;
}

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
  try {
    await waitHealthy(base, child);
    // The direct runs use their own connection: the same database on PostgreSQL, an identical
    // migrated and seeded in-memory database on PGlite (PGlite is one process's database).
    direct = await openDatabase({ databaseUrl });
    if (!databaseUrl) await migrate(direct, path.join(fixture, 'supabase'));
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
        const directRes = await runLoad(
          () =>
            runAs(db, { role: sql.role, claims: sql.claims }, info, (tx) =>
              tx.query(sql.sql, sql.params),
            ).then(() => undefined),
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
          bare,
          overhead: Math.round((api.p50 / directRes.p50) * 100) / 100,
        };
        rows.push(row);
        console.log(
          `${target.padEnd(8)} ${c.name.padEnd(44)} c=${String(connections).padEnd(2)} API ${api.rps} req/s p50 ${api.p50} p95 ${api.p95} ms | direct ${directRes.rps} req/s p50 ${directRes.p50} p95 ${directRes.p95} | bare p50 ${bare.p50} | overhead ${row.overhead}x${api.errors ? ` (${api.errors} errors)` : ''}`,
        );
      }
    }
    return rows;
  } finally {
    await direct?.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  const rows: Row[] = [];
  rows.push(...(await benchTarget('pglite')));
  const cluster = startCluster(await freePort());
  try {
    const db = await freshDatabase(cluster.url, 'arivia_bench');
    rows.push(...(await benchTarget('postgres', db.url)));
  } finally {
    cluster.stop();
  }

  const table = [
    '| backend | request | clients | API req/s | API p50 ms | API p95 ms | direct req/s | direct p50 ms | direct p95 ms | bare p50 ms | API ÷ direct (p50) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.case} | ${r.connections} | ${r.api.rps} | ${r.api.p50} | ${r.api.p95} | ${r.direct.rps} | ${r.direct.p50} | ${r.direct.p95} | ${r.bare.p50} | ${r.overhead}× |`,
    ),
  ].join('\n');
  console.log('\n' + table);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'server.json'),
    JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, rows }, null, 2),
  );
}

await main();
