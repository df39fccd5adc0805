// Playwright's web server: builds the PWA for this port (cached until its sources change) and
// runs the local backend on a fresh in-memory database, migrated and seeded, serving the app on
// the same origin - what `npm start` does, with nothing kept between runs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../../scripts/build-app.mjs';
import { ROOT } from '../../scripts/ensure-deps.mjs';

const port = process.env.E2E_PORT ?? '4173';
const dist = buildApp(
  {
    VITE_SUPABASE_URL: `http://127.0.0.1:${port}`,
    // The Supabase CLI's well-known local publishable key (public by design).
    VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
    VITE_SUPABASE_PROJECT_ID: 'arivia-ops',
    VITE_SUPPORT_EMAIL: 'support@arivia.local',
  },
  // One folder per port: runs on another port (E2E_PORT) must not rebuild the app under a server
  // that is serving it.
  path.join('.data', port === '4173' ? 'e2e-dist' : `e2e-dist-${port}`),
);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/main.ts', '--memory', '--port', port, '--app', dist],
  { cwd: ROOT, stdio: 'inherit' },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
