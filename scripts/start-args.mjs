// The backend's command line for `npm start` (scripts/start.mjs), from the environment the README
// documents: PORT, HOST and PGLITE_DATA_DIR (default .data/db, relative to the repository).
import path from 'node:path';

/** @param {string} root @param {NodeJS.ProcessEnv} env @param {string} appDir */
export function startArgs(root, env, appDir) {
  const port = env.PORT ?? '54321';
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(root, env.PGLITE_DATA_DIR || path.join('.data', 'db'));
  return {
    port,
    host,
    dataDir,
    apiUrl: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    argv: ['--app', appDir, '--data', dataDir, '--port', port, '--host', host, '--banner'],
  };
}
