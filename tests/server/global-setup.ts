// Starts one backend for the server suites: in-memory PGlite by default, or a fresh database on
// the PostgreSQL server named by TEST_DATABASE_URL (the CI run uses a throwaway PostgreSQL 15).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freshDatabase } from '../../scripts/pg-cluster.mjs';
import { startServer } from '../../server/app.ts';
import { REPO_ROOT } from '../../server/gateway/config.ts';
import { FEED_TEST_HOST } from './feed-host.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dbKind: 'pglite' | 'postgres';
    databaseUrl: string;
    /** The main backend's storage folder, so a suite can watch its temp files. */
    storageDir: string;
    /** The backend's service-role key, for suites that set up or read back data as the office. */
    serviceRoleKey: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const fresh = adminUrl ? await freshDatabase(adminUrl) : undefined;
  // The ical-import function fetches only public addresses; the suites' feed server is the one
  // private address it may reach (functions read their settings from the process environment).
  process.env.ICAL_ALLOW_PRIVATE_NETWORK = FEED_TEST_HOST;
  // A known storage folder (the storage module reads STORAGE_DIR when it starts; the test
  // workers start later and do not inherit it).
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'arivia-test-storage-'));
  const previous = process.env.STORAGE_DIR;
  process.env.STORAGE_DIR = storageDir;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      workdir: REPO_ROOT,
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      databaseUrl: fresh?.url,
      // The suites are a crowd of clients at once on a 2-core machine: here a request waits for
      // the database (up to a minute) instead of being shed after 3 s with a 503 that no suite
      // retries. Shedding itself is tested on its own backend (hardening.test.ts).
      env: { DB_QUEUE_TIMEOUT_MS: '60000', DB_QUEUE_LIMIT: '10000' },
    });
  } finally {
    if (previous === undefined) delete process.env.STORAGE_DIR;
    else process.env.STORAGE_DIR = previous;
  }
  project.provide('apiUrl', server.url);
  project.provide('storageDir', storageDir);
  project.provide('serviceRoleKey', server.config.serviceRoleKey);
  project.provide('dbKind', server.db.kind);
  project.provide('databaseUrl', fresh?.url ?? '');
  return async () => {
    await server.close();
    await fresh?.drop();
    await rm(storageDir, { recursive: true, force: true });
  };
}
