// Installs the npm dependencies when they are missing or older than package-lock.json, so
// `npm start` and `npm test` work on a fresh clone with nothing installed by hand.
// Plain Node on purpose: it runs before anything from node_modules exists.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

export function ensureDeps() {
  const lock = path.join(ROOT, 'package-lock.json');
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
  if (!stale) return;
  console.log('Installing npm dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDeps();
