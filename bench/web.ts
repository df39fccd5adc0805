// `npm run bench -- web`: what the web app costs a phone.
//
// 1. Bytes: the JavaScript and CSS (gzip -9) the browser must fetch before /auth can render
//    (entry + its static imports + the /auth chunk and its static imports + CSS, read from Vite's
//    manifest), what /auth loads in total once idle (from Lighthouse's network log), and the cost
//    of each lazy route chunk beyond the entry.
// 2. Lighthouse 12 (default mobile profile: Moto G Power, simulated slow 4G, 4x CPU) scores for
//    /auth (signed out, cold) and / (signed in as the demo admin, cold cache), served two ways:
//    - "local": the local backend serving the PWA on its own origin, exactly as `npm start` does;
//    - "static+gzip": the same build from a static server that compresses (as any CDN in front of
//      hosted Supabase does), talking to the local backend's API on another port.
// Writes bench/results/web.json and prints a table. CHROME_PATH defaults to /usr/bin/chromium.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { analyse, sizeOf } from './web-bundle.ts';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const API_PORT = Number(process.env.BENCH_API_PORT ?? 54431);
const STATIC_PORT = API_PORT + 1;
const CDP_PORT = API_PORT + 2;
const API = `http://127.0.0.1:${API_PORT}`;
const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const PROJECT_ID = 'arivia-ops';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** A production build for a backend on API_PORT (always fresh: the figures are of this tree). */
function build(): string {
  const outDir = path.join(ROOT, '.data', 'bench-web-dist');
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      VITE_SUPABASE_URL: API,
      VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      VITE_SUPABASE_PROJECT_ID: PROJECT_ID,
    },
  });
  return outDir;
}

async function waitFor(url: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function startBackend(dist: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--memory', '--port', String(API_PORT), '--app', dist],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A CDN stand-in: the dist folder, gzip, immutable assets, SPA fallback. */
function startStatic(dist: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(dist, 'index.html');
    }
    const ext = path.extname(file);
    res.setHeader('content-type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader(
      'cache-control',
      file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    );
    if (/gzip/.test(String(req.headers['accept-encoding'])) && ext !== '.png') {
      res.setHeader('content-encoding', 'gzip');
      createReadStream(file)
        .pipe(createGzip({ level: 9 }))
        .pipe(res);
    } else {
      createReadStream(file).pipe(res);
    }
  });
  return new Promise((resolve) => server.listen(STATIC_PORT, '127.0.0.1', () => resolve(server)));
}

async function adminSession() {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@arivia.local', password: 'arivia-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in for the benchmark failed: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JS + CSS the page loaded, gzip -9 of the built files. */
  loadedJsCssGzipKB: number;
}

async function runLighthouse(
  url: string,
  dist: string,
  opts: { signedIn: boolean },
): Promise<Scores> {
  const profile = mkdtempSync(path.join(tmpdir(), 'arivia-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${CDP_PORT}`, ...CHROMIUM_ARGS],
  });
  try {
    if (opts.signedIn) {
      // A session in local storage, set from a page that loads none of the app's assets, so the
      // measured load is still a cold one.
      const session = await adminSession();
      const page = await context.newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        `sb-${PROJECT_ID}-auth-token`,
        JSON.stringify(session),
      ] as const);
      await page.close();
    }
    const result = await lighthouse(url, {
      port: CDP_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: opts.signedIn,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (process.env.BENCH_WEB_SAVE_LHR) {
      const name = `${new URL(url).port}${new URL(url).pathname.replace(/\W/g, '_')}.json`;
      writeFileSync(path.join(ROOT, '.data', `lhr-${name}`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const num = (k: string) => Math.round(Number(lhr.audits[k]?.numericValue ?? NaN));
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string }[] })?.items ?? [];
    let loaded = 0;
    for (const r of requests) {
      const p = new URL(r.url).pathname;
      if (/\.(js|css)$/.test(p) && existsSync(path.join(dist, p)))
        loaded += sizeOf(dist, p.slice(1)).gzip;
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: Number(Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      loadedJsCssGzipKB: kb(loaded),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  console.log('Building the app…');
  const dist = build();
  const bytes = analyse(dist);
  const backend = startBackend(dist);
  let stat: Server | undefined;
  try {
    await waitFor(`${API}/_health`);
    stat = await startStatic(dist);
    const lh: Record<string, Scores> = {};
    const allRuns: Record<string, number[]> = {};
    for (const [name, base] of [
      ['local', API],
      ['static+gzip', `http://127.0.0.1:${STATIC_PORT}`],
    ] as const) {
      for (const [page, signedIn] of [
        ['/auth', false],
        ['/', true],
      ] as const) {
        const key = `${name} ${page}`;
        console.log(`Lighthouse ${key}…`);
        // Lighthouse varies from run to run on a busy machine: the run with the median
        // performance score is kept (the others are listed in the JSON).
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await runLighthouse(`${base}${page}`, dist, { signedIn }));
        runs.sort((a, b) => a.performance - b.performance);
        lh[key] = runs[Math.floor(runs.length / 2)]!;
        allRuns[key] = runs.map((r) => r.performance);
      }
    }

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      lighthouseVersion: '12 (mobile, simulated throttling)',
      authCriticalGzipKB: kb(bytes.authCritical.gzip),
      authCriticalJsGzipKB: kb(bytes.authCritical.js),
      authCriticalCssGzipKB: kb(bytes.authCritical.css),
      entryGzipKB: kb(bytes.entry.gzip),
      supabaseJsGzipKB: bytes.supabase ? kb(bytes.supabase.gzip) : null,
      routeChunksGzipKB: Object.fromEntries(bytes.routes.map((r) => [r.route, kb(r.gzip)])),
      lighthouseRuns: RUNS,
      lighthouse: lh,
      lighthousePerformanceEveryRun: allRuns,
    };
    mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench', 'results', 'web.json'),
      JSON.stringify(results, null, 2) + '\n',
    );

    console.log(
      `\nJS + CSS needed to show /auth: ${results.authCriticalGzipKB} KB gzip ` +
        `(JS ${results.authCriticalJsGzipKB}, CSS ${results.authCriticalCssGzipKB}); entry alone ${results.entryGzipKB} KB`,
    );
    console.log(
      `supabase-js chunk (after the first paint for visitors with no session): ${results.supabaseJsGzipKB} KB`,
    );
    console.log('\nRoute chunks beyond the entry and supabase-js (gzip KB):');
    for (const r of bytes.routes) console.log(`  ${String(kb(r.gzip)).padStart(6)}  ${r.route}`);
    console.log('\nLighthouse (mobile):');
    console.log(
      '  run                   perf  a11y  best  FCP ms  LCP ms  TBT ms  CLS    loaded KB',
    );
    for (const [k, s] of Object.entries(lh)) {
      console.log(
        `  ${k.padEnd(20)}  ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s.bestPractices).padStart(4)}  ${String(s.fcpMs).padStart(6)}  ${String(s.lcpMs).padStart(6)}  ${String(s.tbtMs).padStart(6)}  ${String(s.cls).padEnd(5)}  ${s.loadedJsCssGzipKB}`,
      );
    }
  } finally {
    stat?.close();
    backend.kill('SIGTERM');
  }
}

await main();
