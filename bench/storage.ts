// Storage benchmark (issue 3): throughput and latency of uploading and downloading a 5 MB file
// through supabase-js's storage client, on PGlite and on PostgreSQL 15. Each upload is received,
// hashed (MD5 eTag), fsynced, renamed into place and committed as a row; each download is
// streamed from disk. The API server runs in a child process (its own core); the client runs here.
//   upload (multipart)  a Blob, as the app uploads a photo
//   upload (raw body)   a Buffer with its Content-Type
//   download            the whole object into memory
//   ... x4              four clients at once (aggregate throughput)
// Run: npx tsx bench/storage.ts   (BENCH_ROUNDS=N, default 20 per case)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import { percentile } from './load.ts';
import { startCluster, freePort, freshDatabase } from '../scripts/pg-cluster.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const fixture = path.join(here, 'fixtures', 'project');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const FILE_BYTES = 5_000_000;
const PARALLEL = 4;
const BUCKET = 'bench-files';

interface Result {
  target: 'pglite' | 'postgres';
  case: string;
  requests: number;
  mbPerSecond: number;
  p50: number;
  p95: number;
}

async function waitHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${url}/_health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

/** Runs `op` `rounds` times in each of `loops` concurrent loops; every latency is kept. */
async function measure(
  target: Result['target'],
  name: string,
  loops: number,
  rounds: number,
  op: (loop: number, round: number) => Promise<void>,
): Promise<Result> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let round = 0; round < rounds; round++) {
        const s = performance.now();
        await op(loop, round);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    target,
    case: name,
    requests: latencies.length,
    mbPerSecond: round2((latencies.length * FILE_BYTES) / 1e6 / seconds),
    p50: round2(percentile(latencies, 50)),
    p95: round2(percentile(latencies, 95)),
  };
}

function must<T>(res: { data: T | null; error: unknown }, what: string): T {
  if (res.error || res.data === null) throw new Error(`${what}: ${String(res.error)}`);
  return res.data;
}

async function benchTarget(target: Result['target'], databaseUrl?: string): Promise<Result[]> {
  const port = await freePort();
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-storage-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    STORAGE_DIR: storageDir,
  };
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
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, child);
    const sb: SupabaseClient = createClient(url, WELL_KNOWN.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    must(await sb.storage.createBucket(BUCKET, { public: false }), 'create bucket');
    const files = sb.storage.from(BUCKET);
    const bytes = new Uint8Array(FILE_BYTES).map((_, i) => (i * 31) % 251);
    const blob = new Blob([bytes], { type: 'image/jpeg' });
    const buffer = Buffer.from(bytes);

    // Warm-up: the first requests load code paths and the connection pool.
    for (let i = 0; i < 3; i++) {
      must(await files.upload(`warm/${i}.jpg`, blob, { upsert: true }), 'warm-up upload');
      await must(await files.download(`warm/${i}.jpg`), 'warm-up download').arrayBuffer();
    }

    const upload = (prefix: string, body: Blob | Buffer) => async (loop: number, round: number) => {
      must(
        await files.upload(`${prefix}/${loop}-${round}.jpg`, body, {
          contentType: 'image/jpeg',
          upsert: true,
        }),
        'upload',
      );
    };
    const download = async (loop: number, round: number) => {
      const data = must(await files.download(`multipart/${loop}-${round}.jpg`), 'download');
      const got = await data.arrayBuffer();
      if (got.byteLength !== FILE_BYTES) throw new Error('short download');
    };

    const results: Result[] = [];
    results.push(await measure(target, 'upload (multipart)', 1, ROUNDS, upload('multipart', blob)));
    results.push(await measure(target, 'upload (raw body)', 1, ROUNDS, upload('raw', buffer)));
    results.push(await measure(target, 'download', 1, ROUNDS, download));
    const perLoop = Math.max(1, Math.floor(ROUNDS / PARALLEL));
    results.push(
      await measure(
        target,
        `upload (multipart) x${PARALLEL}`,
        PARALLEL,
        perLoop,
        upload('multipart', blob),
      ),
    );
    results.push(await measure(target, `download x${PARALLEL}`, PARALLEL, perLoop, download));
    must(await sb.storage.emptyBucket(BUCKET), 'empty bucket');
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(storageDir, { recursive: true, force: true });
  }
}

function table(results: Result[]): string {
  const lines = [
    `5 MB file (${FILE_BYTES.toLocaleString('en')} bytes), ${ROUNDS} requests per case; ` +
      `"xN" = N clients at once. MB/s = 10^6 bytes per second, latency in ms.`,
    '',
    '| database | case | requests | MB/s | p50 ms | p95 ms |',
    '|---|---|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.target === 'pglite' ? 'PGlite' : 'PostgreSQL 15'} | ${r.case} | ${r.requests} | ${r.mbPerSecond} | ${r.p50} | ${r.p95} |`,
    ),
  ];
  return lines.join('\n');
}

async function main() {
  const results: Result[] = [];
  console.log('storage bench: PGlite (in memory)');
  results.push(...(await benchTarget('pglite')));

  console.log('storage bench: PostgreSQL 15 (throwaway cluster)');
  const cluster = startCluster(await freePort());
  try {
    const u = (await freshDatabase(cluster.url, 'bench_storage')).url;
    results.push(...(await benchTarget('postgres', u)));
  } finally {
    cluster.stop();
  }

  const md = table(results);
  console.log(`\n${md}\n`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'storage.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        fileBytes: FILE_BYTES,
        rounds: ROUNDS,
        results,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(here, 'results', 'storage.md'), `${md}\n`);
}

await main();
