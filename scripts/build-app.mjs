// Builds the PWA for the local backend when its sources changed since the last build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './ensure-deps.mjs';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function fingerprint(env) {
  const h = createHash('sha256');
  h.update(JSON.stringify(env));
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const f of readdirSync(p).sort()) walk(path.join(p, f));
    else h.update(`${path.relative(ROOT, p)}:${st.size}:${st.mtimeMs}\n`);
  };
  for (const i of INPUTS) walk(path.join(ROOT, i));
  return h.digest('hex');
}

/** env: the VITE_* variables baked into the build. Returns the dist folder. */
export function buildApp(env, outDir = 'dist') {
  const dist = path.join(ROOT, outDir);
  const stampFile = path.join(dist, '.build-stamp');
  const stamp = fingerprint({ env, outDir });
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return dist;
  console.log('Building the app…');
  execSync(`npx vite build --outDir ${outDir} --emptyOutDir`, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  writeFileSync(stampFile, stamp);
  return dist;
}
