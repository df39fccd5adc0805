// `npm start`: installs what is missing, builds the PWA, and runs the local Supabase-compatible
// backend on PGlite (data kept in .data/db, or PGLITE_DATA_DIR) serving the app on the same origin.
import { spawn } from 'node:child_process';
import { ensureDeps, ROOT } from './ensure-deps.mjs';
import { startArgs } from './start-args.mjs';

ensureDeps();
const { buildApp } = await import('./build-app.mjs');

const { apiUrl } = startArgs(ROOT, process.env, '');
// The anon key is public by design; these are the Supabase CLI's well-known local values.
const dist = buildApp({
  VITE_SUPABASE_URL: apiUrl,
  VITE_SUPABASE_PUBLISHABLE_KEY:
    process.env.PUBLISHABLE_KEY ?? 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  VITE_SUPABASE_PROJECT_ID: 'arivia-ops',
});

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/main.ts', ...startArgs(ROOT, process.env, dist).argv],
  { cwd: ROOT, stdio: 'inherit' },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
