// `npx tsx bench/realtime.ts`: postgres_changes fan-out. 100 supabase-js subscribers, each a
// different signed-in user (so every change is RLS-checked for 100 distinct claims), listen to
// inserts on an RLS table; a writer inserts 10 rows a second for 10 s, each row carrying the
// writer's clock. Reported: delivery latency (commit → subscriber callback) p50 / p95 / p99 /
// max over every delivery, the time until the last of the 100 has a change, and deliveries per
// second. Runs on PGlite (in memory) and on PostgreSQL 15 (a throwaway cluster); writes
// bench/results/realtime.json and prints a markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { startServer, type RunningServer } from '../server/app.ts';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import { freePort, freshDatabase, startCluster } from '../scripts/pg-cluster.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROJECT = path.resolve(here, '../tests/fixtures/realtime-project');
const SUBSCRIBERS = Number(process.env.RT_SUBSCRIBERS ?? 100);
const RATE = Number(process.env.RT_RATE ?? 10);
const SECONDS = Number(process.env.RT_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

interface Figures {
  backend: 'pglite' | 'postgres';
  subscribers: number;
  changes: number;
  expected_deliveries: number;
  deliveries: number;
  missing: number;
  seconds: number;
  deliveries_per_second: number;
  latency_ms: { p50: number; p95: number; p99: number; max: number };
  last_subscriber_ms: { p50: number; p95: number; max: number };
}

const now = () => performance.timeOrigin + performance.now();
const round = (n: number) => Math.round(n * 100) / 100;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

async function token(sub: string): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(WELL_KNOWN.jwtSecret));
}

async function run(
  backend: 'pglite' | 'postgres',
  server: RunningServer,
  write: (sentAt: number, note: string) => Promise<void>,
): Promise<Figures> {
  const clients: SupabaseClient[] = [];
  // sent_at of a measured change → receive times
  const received = new Map<number, number[]>();
  let measuring = false;
  await Promise.all(
    Array.from({ length: SUBSCRIBERS }, async (_, i) => {
      const t = await token(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      const client = createClient(server.url, WELL_KNOWN.anonKey, {
        accessToken: async () => t,
        realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
      });
      await client.realtime.setAuth(t);
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client
          .channel('bench-pings')
          .on<{ sent_at: number; note: string }>(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'pings' },
            (p) => {
              const at = now();
              if (!measuring || p.new.note !== 'measure') return;
              const list = received.get(p.new.sent_at);
              if (list) list.push(at - p.new.sent_at);
            },
          )
          .subscribe((status, err) => {
            if (status === 'SUBSCRIBED') resolve();
            else if (status !== 'CLOSED') reject(err ?? new Error(status));
          });
      });
    }),
  );

  const tick = async (seconds: number, note: string) => {
    const interval = 1000 / RATE;
    const start = now();
    for (let i = 0; i < seconds * RATE; i++) {
      const due = start + i * interval;
      const wait = due - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sentAt = now();
      if (note === 'measure') received.set(sentAt, []);
      await write(sentAt, note);
    }
  };

  await tick(WARMUP_SECONDS, 'warmup');
  await new Promise((r) => setTimeout(r, 500));
  measuring = true;
  const t0 = now();
  await tick(SECONDS, 'measure');
  // Let the last changes arrive (bounded), then count what came.
  const deadline = now() + 5000;
  const expected = received.size * SUBSCRIBERS;
  const count = () => [...received.values()].reduce((n, l) => n + l.length, 0);
  while (count() < expected && now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const elapsed =
    (Math.max(...[...received.entries()].map(([s, l]) => s + Math.max(0, ...l))) - t0) / 1000;
  measuring = false;

  const all = [...received.values()].flat().sort((a, b) => a - b);
  const last = [...received.values()]
    .filter((l) => l.length === SUBSCRIBERS)
    .map((l) => Math.max(...l))
    .sort((a, b) => a - b);
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  return {
    backend,
    subscribers: SUBSCRIBERS,
    changes: received.size,
    expected_deliveries: expected,
    deliveries: all.length,
    missing: expected - all.length,
    seconds: round(elapsed),
    deliveries_per_second: Math.round(all.length / elapsed),
    latency_ms: {
      p50: round(percentile(all, 50)),
      p95: round(percentile(all, 95)),
      p99: round(percentile(all, 99)),
      max: round(all.at(-1) ?? NaN),
    },
    last_subscriber_ms: {
      p50: round(percentile(last, 50)),
      p95: round(percentile(last, 95)),
      max: round(last.at(-1) ?? NaN),
    },
  };
}

async function onPglite(): Promise<Figures> {
  const server = await startServer({
    workdir: PROJECT,
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    env: {},
  });
  try {
    return await run('pglite', server, async (sentAt, note) => {
      await server.db.query('insert into pings (sent_at, note) values ($1, $2)', [sentAt, note]);
    });
  } finally {
    await server.close();
  }
}

async function onPostgres(): Promise<Figures> {
  const cluster = startCluster(await freePort());
  try {
    const { url } = await freshDatabase(cluster.url, 'arivia_bench_realtime');
    const server = await startServer({
      workdir: PROJECT,
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      databaseUrl: url,
      env: {},
    });
    // The writer is another application on the same database, as in production.
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      return await run('postgres', server, async (sentAt, note) => {
        await writer.query('insert into pings (sent_at, note) values ($1, $2)', [sentAt, note]);
      });
    } finally {
      await writer.end();
      await server.close();
    }
  } finally {
    cluster.stop();
  }
}

function table(results: Figures[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.backend === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL 15'} | ${r.subscribers} | ${r.changes} | ${r.deliveries}/${r.expected_deliveries} | ${r.latency_ms.p50} | ${r.latency_ms.p95} | ${r.latency_ms.p99} | ${r.last_subscriber_ms.p95} | ${r.deliveries_per_second} |`,
  );
  return [
    `| Backend | Subscribers | Changes (${RATE}/s) | Delivered | p50 ms | p95 ms | p99 ms | last of ${SUBSCRIBERS} p95 ms | Deliveries/s |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

const which = process.argv.slice(2);
// Other work on the machine skews tails: the load average goes into the results with them.
const loadBefore = os.loadavg()[0]!;
const results: Figures[] = [];
if (!which.length || which.includes('pglite')) results.push(await onPglite());
if (!which.length || which.includes('postgres')) results.push(await onPostgres());

mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, 'results', 'realtime.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        node: process.version,
        load_average_1m: { before: round(loadBefore), after: round(os.loadavg()[0]!) },
      },
      method: `${SUBSCRIBERS} supabase-js clients in the bench process (distinct users, RLS table), ${RATE} inserts/s for ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; latency = subscriber callback time - writer clock before the insert`,
      results,
    },
    null,
    2,
  ) + '\n',
);
console.log(table(results));
process.exit(0);
