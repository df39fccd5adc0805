// Installs the npm dependencies when they are missing or when package.json / package-lock.json
// changed since the last install, so `npm start` and `npm test` work on a fresh clone with nothing
// installed by hand. Plain Node on purpose: it runs before anything from node_modules exists.
//
// `npm install` rather than `npm ci`: npm 11 writes lockfiles without the other platforms'
// optional binaries (tailwind oxide, rolldown, ...) and its own `npm ci` then refuses them as
// "missing from lock file". `npm install` keeps every locked version.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const stampFile = path.join(ROOT, 'node_modules', '.arivia-deps');

function manifestHash() {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) {
    const p = path.join(ROOT, f);
    if (existsSync(p)) h.update(readFileSync(p));
  }
  return h.digest('hex');
}

export function ensureDeps() {
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === manifestHash()) return;
  console.log('Installing npm dependencies…');
  execSync('npm install --no-audit --no-fund --loglevel=error', { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(stampFile, manifestHash());
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDeps();
