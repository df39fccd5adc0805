// A throwaway PostgreSQL 15 cluster for the test suites and benchmarks (Debian's packages).
// As root, the server runs as the `postgres` user. Prints nothing; returns the admin URL.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, chmodSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';

/** A TCP port nobody listens on right now (for a cluster next to a developer's own). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function pgBin() {
  for (const v of ['17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

export function ensurePostgresInstalled() {
  if (pgBin()) return;
  if (process.getuid?.() !== 0)
    throw new Error('PostgreSQL 15 is not installed (apt-get install postgresql-15)');
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql-15'], { stdio: 'inherit' });
}

/**
 * A throwaway database on the PostgreSQL server at adminUrl (for one test run, fixture server or
 * benchmark); drop() removes it, forcing out any connection left open.
 */
export async function freshDatabase(adminUrl, prefix = 'arivia_test') {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts a cluster on a free port; returns { url, stop }. */
export function startCluster(port = 54329) {
  ensurePostgresInstalled();
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arivia-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const c = startCluster(Number(process.argv[2] ?? 54329));
  console.log(c.url);
  process.on('SIGINT', () => {
    c.stop();
    process.exit(0);
  });
  process.on('SIGTERM', () => {
    c.stop();
    process.exit(0);
  });
  setInterval(() => undefined, 1 << 30);
}
