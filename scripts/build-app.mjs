// Builds the PWA for the local backend when its sources changed since the last build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { execSync, spawn } from 'node:child_process';
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

/** Where the build for `env` goes, and whether the one there is current. */
function target(env, outDir) {
  const dist = path.join(ROOT, outDir);
  const stampFile = path.join(dist, '.build-stamp');
  const stamp = fingerprint({ env, outDir });
  const current = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  return { dist, current, done: () => writeFileSync(stampFile, stamp) };
}

/** env: the VITE_* variables baked into the build. Returns the dist folder. */
export function buildApp(env, outDir = 'dist') {
  const t = target(env, outDir);
  if (t.current) return t.dist;
  console.log('Building the app…');
  execSync(`npx vite build --outDir ${outDir} --emptyOutDir`, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  t.done();
  return t.dist;
}

/**
 * buildApp without blocking: the caller keeps handling signals during the build and may stop it
 * with `onChild(child)` -> child.kill(). `nodeArgs` go before vite (e.g. a preload).
 */
export async function buildAppAsync(env, outDir = 'dist', { nodeArgs = [], onChild } = {}) {
  const t = target(env, outDir);
  if (t.current) return t.dist;
  console.log('Building the app…');
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: ['pipe', 'ignore', 'inherit'], env: { ...process.env, ...env } },
  );
  onChild?.(child);
  const [code, signal] = await new Promise((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  if (code !== 0) throw new Error(`vite build failed (${signal ?? `exit ${code}`})`);
  t.done();
  return t.dist;
}
