// `npm run backend -- [--workdir DIR] [--port N] [--host H] [--data DIR | --memory] [--app DIR]`
// The local Supabase-compatible backend as one process (what `supabase start` does with Docker).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { startServer } from './app.ts';
import { REPO_ROOT } from './gateway/config.ts';

const { values } = parseArgs({
  options: {
    workdir: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    memory: { type: 'boolean', default: false },
    app: { type: 'string' },
    'no-seed': { type: 'boolean', default: false },
    banner: { type: 'boolean', default: false },
  },
});

const workdir = values.workdir ?? process.env.SUPABASE_WORKDIR ?? REPO_ROOT;
const server = await startServer({
  workdir,
  port: values.port ? Number(values.port) : undefined,
  host: values.host,
  dataDir: values.memory
    ? null
    : (values.data ?? process.env.PGLITE_DATA_DIR ?? path.join(workdir, '.data', 'db')),
  appDir: values.app,
  seed: !values['no-seed'],
  log: (l) => console.log(`[migrate] ${l}`),
});

if (values.banner) {
  console.log(`
  Arivia Ops is running at ${server.url}

  Demo logins (password: arivia-demo)
    admin@arivia.local        admin
    manager@arivia.local      manager
    housekeeper@arivia.local  housekeeper
    technician@arivia.local   technician

  Supabase API: ${server.url}  (${server.db.kind === 'pglite' ? `PGlite, data in ${server.config.dataDir ?? 'memory'}` : 'PostgreSQL'})
  Ctrl+C stops it; \`npm run reset\` starts over with fresh demo data.
`);
} else {
  console.log(`Supabase-compatible API on ${server.url} (${server.db.kind})`);
  console.log(`  publishable key:  ${server.config.publishableKey}`);
  console.log(`  anon key:         ${server.config.anonKey}`);
  console.log(`  service_role key: ${server.config.serviceRoleKey}`);
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void server.close().then(() => process.exit(0));
  });
}
