// Playwright's web server: builds the PWA for this port (cached until its sources change) and
// runs the local backend on a fresh in-memory database, migrated and seeded, serving the app on
// the same origin - what `npm start` does, with nothing kept between runs.
//
// Nothing is left running (docs/testing.md): when the Playwright runner goes - stopped, killed,
// or killed with SIGKILL - this process stops the build or the backend it started and exits, and
// they also watch this process themselves (exit-with-parent.mjs), in case it is the one killed.
// E2E_APP_DIR serves a ready folder instead of building (scripts/serve-lifetime.test.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAppAsync } from '../../scripts/build-app.mjs';
import { ROOT } from '../../scripts/ensure-deps.mjs';
import { onParentGone } from './parent-watch.mjs';

const port = process.env.E2E_PORT ?? '4173';
const preload = [
  '--import',
  pathToFileURL(path.join(ROOT, 'e2e/support/exit-with-parent.mjs')).href,
];

/** The build or the backend, whichever runs now. */
let child = null;
let stopping = false;

function stop(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  if (!child || child.exitCode !== null || child.signalCode !== null) process.exit(0);
  child.once('exit', () => process.exit(0));
  child.kill(signal);
  setTimeout(() => {
    child.kill('SIGKILL');
    process.exit(1);
  }, 5_000).unref();
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig));
onParentGone(() => stop('SIGTERM'));

const dist =
  process.env.E2E_APP_DIR ??
  (await buildAppAsync(
    {
      VITE_SUPABASE_URL: `http://127.0.0.1:${port}`,
      // The Supabase CLI's well-known local publishable key (public by design).
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      VITE_SUPABASE_PROJECT_ID: 'arivia-ops',
      VITE_SUPPORT_EMAIL: 'support@arivia.local',
    },
    // One folder per port: runs on another port (E2E_PORT) must not rebuild the app under a
    // server that is serving it.
    path.join('.data', port === '4173' ? 'e2e-dist' : `e2e-dist-${port}`),
    { nodeArgs: preload, onChild: (c) => (child = c) },
  ).catch((e) => {
    if (!stopping) console.error(String(e));
    process.exit(1);
  }));

/** Nothing else may hold the port: a server left by an earlier run would answer the tests. */
async function portIsFree() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(Number(port), '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
if (!stopping && !(await portIsFree())) {
  console.error(
    `127.0.0.1:${port} is already used: stop what listens there (a server left running?)`,
  );
  process.exit(1);
}

if (!stopping) {
  child = spawn(
    process.execPath,
    [...preload, '--import', 'tsx', 'server/main.ts', '--memory', '--port', port, '--app', dist],
    // stdin a pipe this process holds: the backend sees its end if this process is killed.
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Ready is when the backend says so: it listens (and /_health answers) while it still seeds the
  // storage buckets through its own API, and tests started then met missing photos and sign-ins
  // queued behind the uploads. playwright.config.ts waits for this line.
  let seen = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (seen === null) return;
    seen += chunk.toString();
    if (/^Supabase-compatible API on /m.test(seen)) {
      seen = null;
      console.log('e2e web server ready');
    }
  });
}
