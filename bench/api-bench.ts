// What the API benchmarks at scale share (bench/properties.ts, housekeeping.ts, maintenance.ts):
// this repository's own supabase/ folder started in this process on a fresh in-memory PGlite and
// on a fresh database of a throwaway PostgreSQL 15 cluster, a supabase-js client signed in as a
// demo account (the manager unless a bench asks for another), closed-loop measurement (every
// latency kept, exact percentiles) at 1 and 8 clients, the results table and the files under
// bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/app.ts';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import type { Database } from '../src/lib/database.types.ts';
import { percentile } from './load.ts';
import { startCluster, freePort, freshDatabase } from '../scripts/pg-cluster.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
export const CONCURRENCY = [1, 8];
export const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');

export type Target = 'pglite' | 'postgres';
export type Client = SupabaseClient<Database>;
export interface Case {
  name: string;
  run: () => Promise<void>;
}

export interface Result {
  target: Target;
  case: string;
  clients: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  max: number;
  /** Requests the local backend shed (503, "the server is busy"): counted, not timed. */
  shed: number;
}

export const targetName = (t: Target) => (t === 'pglite' ? 'PGlite' : 'PostgreSQL 15');

/** A request the backend shed (503 with Retry-After): measure() counts it instead of failing. */
export class Shed extends Error {}

export function must<T>(
  res: { data: T; error: { message: string } | null; status?: number },
  what: string,
): NonNullable<T> {
  if (res.status === 503) throw new Shed(`${what}: ${res.error?.message ?? 'shed'}`);
  if (res.error || res.data === null || res.data === undefined) {
    throw new Error(`${what}: ${res.error?.message ?? 'no data'}`);
  }
  return res.data;
}

/**
 * ROUNDS requests of `op` spread over `clients` concurrent loops; every latency kept. A request
 * the backend shed (`Shed`, a 503) is counted in `shed` and not timed; any other failure fails.
 */
export async function measure(
  target: Target,
  name: string,
  clients: number,
  op: () => Promise<void>,
): Promise<Result> {
  const latencies: number[] = [];
  let shed = 0;
  const perClient = Math.ceil(ROUNDS / clients);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const s = performance.now();
        try {
          await op();
        } catch (e) {
          if (!(e instanceof Shed)) throw e;
          shed += 1;
          continue;
        }
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    target,
    case: name,
    clients,
    requests: latencies.length,
    shed,
    rps: r1(latencies.length / seconds),
    p50: r1(percentile(latencies, 50)),
    p95: r1(percentile(latencies, 95)),
    max: r1(latencies[latencies.length - 1] ?? NaN),
  };
}

/** Each case: 10 warm-up requests, then measured at every CONCURRENCY. */
export async function runCases(target: Target, cases: Case[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const c of cases) {
    for (let i = 0; i < 10; i++) await c.run();
    for (const clients of CONCURRENCY) {
      const r = await measure(target, c.name, clients, c.run);
      const shed = r.shed ? `, ${r.shed} shed (503)` : '';
      console.log(
        `  ${c.name} x${clients}: p50 ${r.p50} ms, p95 ${r.p95} ms, ${r.rps} req/s${shed}`,
      );
      results.push(r);
    }
  }
  return results;
}

/** The local backend on this repository's supabase/ folder (in-memory PGlite without a URL). */
export function startBenchServer(databaseUrl?: string): Promise<RunningServer> {
  return startServer({
    workdir: root,
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl,
    env: {},
  });
}

/** supabase-js against `server`, signed in as a demo account (RLS runs as for the app). */
export async function signedInClient(server: RunningServer, email: string): Promise<Client> {
  const sb: Client = createClient<Database>(server.url, WELL_KNOWN.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signIn = () => sb.auth.signInWithPassword({ email, password: 'arivia-demo' });
  let { error } = await signIn();
  // After a data load that held the event loop (PGlite runs in this process), the server closes
  // the kept-alive socket as its overdue timer fires, while the client is reusing it: one retry
  // on a new socket. A refusal is not retried.
  if (error?.message === 'fetch failed') ({ error } = await signIn());
  if (error) throw new Error(`sign-in (${email}): ${error.message}`);
  return sb;
}

/** supabase-js against `server`, signed in as the demo manager. */
export function managerClient(server: RunningServer): Promise<Client> {
  return signedInClient(server, 'manager@arivia.local');
}

/**
 * Runs `bench` on each of TARGETS: PGlite in memory, then PostgreSQL 15 on a throwaway cluster
 * (database `dbName`). Returns what each run returned, by target.
 */
export async function forEachTarget<R>(
  part: string,
  dbName: string,
  bench: (target: Target, databaseUrl?: string) => Promise<R>,
): Promise<Partial<Record<Target, R>>> {
  const out: Partial<Record<Target, R>> = {};
  if (TARGETS.includes('pglite')) {
    console.log(`${part} bench: PGlite (in memory)`);
    out.pglite = await bench('pglite');
  }
  if (TARGETS.includes('postgres')) {
    console.log(`${part} bench: PostgreSQL 15 (throwaway cluster)`);
    const cluster = startCluster(await freePort());
    try {
      const u = (await freshDatabase(cluster.url, dbName)).url;
      out.postgres = await bench('postgres', u);
    } finally {
      cluster.stop();
    }
  }
  return out;
}

export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 10) / 10);

/** The latency table's lines (header included). */
export function resultRows(results: Result[]): string[] {
  return [
    '| database | case | clients | req/s | p50 ms | p95 ms | max ms | shed (503) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${targetName(r.target)} | ${r.case} | ${r.clients} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.max} | ${r.shed} |`,
    ),
  ];
}

export function loadLine(before: number[], after: number[]): string {
  return `Load average (1, 5, 15 min) on ${os.cpus().length} CPUs: ${before.join(' / ')} before, ${after.join(' / ')} after.`;
}

/** bench/results/<part>.json (with the run's date, Node, CPUs and ROUNDS) and <part>.md. */
export function writeResults(part: string, json: Record<string, unknown>, md: string): void {
  console.log(`\n${md}\n`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', `${part}.json`),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        rounds: ROUNDS,
        ...json,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(here, 'results', `${part}.md`), `${md}\n`);
}
