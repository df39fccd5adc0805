// Web performance against the budgets of issue 17 (bench/README.md "Web"). Builds the PWA for the
// local backend, serves it as `npm start` does (the backend on a fresh in-memory database, the
// build's precompressed .br / .gz files) and measures, BENCH_WEB_RUNS times each (default 5):
//
// 1. /auth's JavaScript and CSS on the wire once idle: a signed-out visitor's fresh Chromium opens
//    /auth, and once the network has been quiet for 3 s after the load event every .js / .css
//    response the page fetched is summed as sent (encoded body: brotli where the backend has a
//    .br). The service worker's own precache (the whole app, for offline use, fetched by the
//    worker in the background) is not counted; it is listed apart.
// 2. Lighthouse 12 mobile (Moto G Power, simulated slow 4G, 4x CPU): /auth signed out, and each
//    role's first screens (SCREENS below: `/` for each role, /properties, the housekeeping board,
//    My route, a technician's /maintenance, the checklist run) signed in as that demo user on a
//    cold cache (a stored session, nothing else), each with issue 29's budgets.
// 3. The first villa row of /properties in Chromium at phone size with the CPU slowed 4x (the
//    Lighthouse mobile factor): warm (the service worker controlling, the app opened again from
//    the home screen) and an offline cold start (the browser started again, offline).
//
// Each figure is printed with its budget, median and range; `BENCH_WEB_STRICT=1` (or `--strict`
// when run directly) exits 1 when a median exceeds its budget. Also prints the per-route chunk
// sizes from Vite's manifest (gzip -9). `BENCH_WEB_STATIC=1` adds Lighthouse on a static
// gzip server (a CDN stand-in); `BENCH_WEB_PARTS=bytes,lighthouse,rows` picks the measurements
// (`tasks` adds each screen's main-thread tasks by thread time, not run by default);
// `BENCH_WEB_SCREENS=route,run` measures only the screens whose name contains one of the words.
// Writes bench/results/web.json and web.md. CHROME_PATH defaults to /usr/bin/chromium.
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
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import {
  FIRST_PAINT_TEXTS_KEY,
  FORMAT_KIT_KEY,
  KEPT_SCREEN_KEY,
} from '../src/lib/startup-contract.ts';
import { analyse } from './web-bundle.ts';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const API_PORT = Number(process.env.BENCH_API_PORT ?? 54431);
const STATIC_PORT = API_PORT + 1;
const CDP_PORT = API_PORT + 2;
const API = `http://127.0.0.1:${API_PORT}`;
const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const PROJECT_ID = 'arivia-ops';
const SESSION_KEY = `sb-${PROJECT_ID}-auth-token`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const STRICT = process.env.BENCH_WEB_STRICT === '1' || process.argv.includes('--strict');
const WITH_STATIC = process.env.BENCH_WEB_STATIC === '1';
/** Which measurements to run (default all): `bytes`, `lighthouse`, `rows`, comma-separated. */
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'bytes,lighthouse,rows').split(','));
/** Lighthouse's mobile CPU factor, used for the first-row timings too. */
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen. */
const PHONE = { width: 412, height: 823 };
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

type Role = 'admin' | 'manager' | 'housekeeper' | 'technician';

/** A fresh session of a demo user, as supabase-js stores it. */
async function sessionOf(role: Role = 'manager') {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@arivia.local`, password: 'arivia-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in for the benchmark failed: ${res.status}`);
  return (await res.json()) as { access_token: string; user: { id: string } } & Record<
    string,
    unknown
  >;
}

/** The demo housekeeper's next clean that is not done: the checklist run the bench opens. */
async function housekeepersNextClean(): Promise<string> {
  const session = await sessionOf('housekeeper');
  const query = new URLSearchParams({
    select: 'id,cleaning_task_assignees!inner(user_id)',
    'cleaning_task_assignees.user_id': `eq.${session.user.id}`,
    status: 'in.(scheduled,in_progress)',
    order: 'window_start',
    limit: '1',
  });
  const res = await fetch(`${API}/rest/v1/cleaning_tasks?${query}`, {
    headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${session.access_token}` },
  });
  const [clean] = (await res.json()) as { id: string }[];
  if (!res.ok || !clean)
    throw new Error(`the demo housekeeper has no clean to open (${res.status})`);
  return `/housekeeping/cleans/${clean.id}`;
}

/**
 * The first screens each role opens (issue 29), measured cold and signed in with one budget:
 * Lighthouse performance ≥ 95, LCP < 2.0 s, TBT < 150 ms, CLS < 0.02. A new area's main screen
 * joins the list as it lands.
 */
const SCREENS: { name: string; role: Role; path: string | (() => Promise<string>) }[] = [
  { name: '/properties (manager)', role: 'manager', path: '/properties' },
  { name: '/ (manager)', role: 'manager', path: '/' },
  { name: '/ (admin)', role: 'admin', path: '/' },
  { name: '/ (housekeeper)', role: 'housekeeper', path: '/' },
  { name: '/ (technician)', role: 'technician', path: '/' },
  { name: 'housekeeping board (manager)', role: 'manager', path: '/housekeeping' },
  { name: 'My route (housekeeper)', role: 'housekeeper', path: '/housekeeping' },
  { name: 'checklist run (housekeeper)', role: 'housekeeper', path: housekeepersNextClean },
  { name: '/maintenance (technician)', role: 'technician', path: '/maintenance' },
];
const SCREEN_BUDGETS = [
  { label: 'Lighthouse performance', score: 'performance', unit: '', kind: 'min', limit: 95 },
  { label: 'LCP', score: 'lcpMs', unit: 'ms', kind: 'max', limit: 2000 },
  { label: 'TBT', score: 'tbtMs', unit: 'ms', kind: 'max', limit: 150 },
  { label: 'CLS', score: 'cls', unit: '', kind: 'max', limit: 0.02 },
] as const;

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface LighthouseStart {
  /** Signed in as this demo user (what the app keeps from signing in on); signed out without. */
  role?: Role;
  /** localStorage to start with instead (a returning user's device). */
  storage?: [string, string][];
}

/**
 * What the app leaves in localStorage for the demo user `role` once it has opened `page` signed in
 * (the session, the access copy, the words of the first paint, the company settings, the kept
 * screen...), once it has stored each key of `until` (holding `holding`), without the keys `without`. The page loads in a browser of its
 * own: the measured load's HTTP cache and service worker stay empty.
 */
async function deviceStorage(
  role: Role,
  page: string,
  until: string[],
  { holding = '', without = [] }: { holding?: string; without?: string[] } = {},
): Promise<[string, string][]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    await tab.goto(`${API}/favicon.svg`);
    const session = JSON.stringify(await sessionOf(role));
    await tab.evaluate(([k, v]) => localStorage.setItem(k, v), [SESSION_KEY, session] as const);
    await tab.goto(`${API}${page}`);
    await tab.waitForFunction(
      ([keys, part]) => keys.every((key) => localStorage.getItem(key)?.includes(part) ?? false),
      [until, holding] as const,
      { timeout: 60_000 },
    );
    const entries = await tab.evaluate(() => Object.entries(localStorage));
    return entries.filter(([k]) => !without.includes(k));
  } finally {
    await browser.close();
  }
}

/**
 * A device signed in as `role`: what the app keeps from signing in on (the session, the access
 * copy, the words of the first paint boot.js paints, the company settings, the format kit), no
 * screen kept, no HTTP cache, no service worker: the issue's "cold load with a session".
 */
const signedInStorage = (role: Role) =>
  deviceStorage(role, '/', [FIRST_PAINT_TEXTS_KEY, FORMAT_KIT_KEY], { without: [KEPT_SCREEN_KEY] });

/**
 * The demo manager's device once /properties was opened and kept: a returning user whose HTTP
 * cache and service worker are gone, which the issue's "cold load with a session" does not have.
 */
const returningStorage = () =>
  deviceStorage('manager', '/properties', [KEPT_SCREEN_KEY], { holding: '"/properties"' });

/**
 * Puts `entries` in the browser's localStorage for `origin`, from a page that loads none
 * of the app's assets, so the measured load is still a cold one.
 */
async function putOnDevice(context: BrowserContext, origin: string, entries: [string, string][]) {
  const page = await context.newPage();
  await page.goto(new URL('/favicon.svg', origin).href);
  await page.evaluate((list) => {
    for (const [key, value] of list) localStorage.setItem(key, value);
  }, entries);
  await page.close();
}

/**
 * Lighthouse on `url`, run again (twice at most) when it reports NO_NAVSTART: now and then it
 * records no navigation in the trace of a load that went fine (its own message says to run it
 * again); a run it did record is never repeated.
 */
async function runLighthouse(url: string, opts: LighthouseStart): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, opts);
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('NO_NAVSTART')) throw e;
      console.log(`  Lighthouse recorded no navigation (NO_NAVSTART); running it again.`);
    }
  }
}

async function lighthouseOnce(url: string, opts: LighthouseStart): Promise<Scores> {
  const profile = mkdtempSync(path.join(tmpdir(), 'arivia-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${CDP_PORT}`, ...CHROMIUM_ARGS],
  });
  try {
    if (opts.role) {
      // What a signed-in device keeps (or all a returning user's device keeps), set from a page
      // that loads none of the app's assets, so the measured load is still a cold one.
      await putOnDevice(context, url, opts.storage ?? (await signedInStorage(opts.role)));
    }
    const result = await lighthouse(url, {
      port: CDP_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: Boolean(opts.role),
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
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: Number(Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Median and range of a figure's runs. */
function summary(values: number[]) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const n = sorted.length;
  const median =
    n === 0 ? NaN : n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted[n - 1] ?? NaN, runs: values };
}

/** "median ms (min–max)" of a figure's runs. */
function medianRange(values: number[]): string {
  const { median, min, max } = summary(values);
  return `${median} ms (${min}–${max})`;
}

interface Budget {
  figure: string;
  unit: string;
  /** The median must be at most (max) or at least (min) this. */
  limit: number;
  kind: 'max' | 'min';
  values: number[];
}

function bytesOf(url: URL) {
  return /\.(js|css)$/.test(url.pathname);
}

/**
 * One signed-out visit of /auth in a fresh browser: every JS / CSS response the page fetched
 * until the network has been quiet for 3 s after the load event (the toaster, supabase-js and
 * the service worker's registration wait for the first screen, so they would show up by then).
 */
async function authWireBytes(): Promise<{ body: number; headers: number; files: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const finished: Promise<{ url: URL; body: number; headers: number }>[] = [];
    let last = Date.now();
    page.on('requestfinished', (req) => {
      last = Date.now();
      finished.push(
        req.sizes().then((s) => ({
          url: new URL(req.url()),
          body: s.responseBodySize,
          headers: s.responseHeadersSize,
        })),
      );
    });
    page.on('request', () => {
      last = Date.now();
    });
    await page.goto(`${API}/auth`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Arivia Ops Console' }).waitFor();
    while (Date.now() - last < 3000) await page.waitForTimeout(250);
    let body = 0;
    let headers = 0;
    const files: string[] = [];
    for (const r of await Promise.all(finished)) {
      if (r.url.origin !== API || !bytesOf(r.url)) continue;
      body += r.body;
      headers += r.headers;
      files.push(`${r.url.pathname} ${r.body}`);
    }
    await context.close();
    return { body, headers, files };
  } finally {
    await browser.close();
  }
}

const ROW = 'ul[aria-label="Properties"] > li, table[aria-label="Properties"] tbody tr';

/** The first villa of the list (cards on a phone, the table from 768 px up) has been drawn. */
async function firstRowMs(page: Page): Promise<number> {
  return (await firstRows(page)).shown;
}

/**
 * Installed in every page of a browser before its own scripts (an init script): it gives the
 * first villa row's elements an `elementtiming` name as they are inserted, and the browser's
 * Element Timing entries then say when their text was painted: `shown`, the first row painted
 * (the screen kept on the device, painted by boot.js before any script, or the app's own list),
 * and `live`, the app's own first row (#root, the kept copy gone: the rows React drew, which act
 * on a tap). The paint itself, not when Playwright's polling got in (at 4x CPU that came 0.1-0.4
 * s after the row was on the screen). A string, as tsx would wrap a function's inner functions in
 * a helper the page does not have.
 */
const recordFirstRows = `(() => {
  const rows = (window.firstRows = {});
  const live = ${JSON.stringify(
    ROW.split(', ')
      .map((s) => `#root ${s}`)
      .join(', '),
  )};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) rows[e.identifier] ??= e.renderTime || e.loadTime;
  }).observe({ type: 'element', buffered: true });
  const name = (row, key) => {
    for (const el of [row, ...row.querySelectorAll('*')]) el.setAttribute('elementtiming', key);
  };
  let kept = null;
  const watch = new MutationObserver(() => {
    const first = document.querySelector(${JSON.stringify(ROW)});
    if (first && !kept && !first.closest('#root')) name((kept = first), 'kept');
    const own = document.querySelector(live);
    if (own) name(own, 'live'), watch.disconnect();
  });
  watch.observe(document, { childList: true, subtree: true });
})();`;

async function firstRows(page: Page): Promise<{ shown: number; live: number }> {
  const handle = await page.waitForFunction(
    () => {
      const rows = (window as unknown as { firstRows?: { kept?: number; live?: number } })
        .firstRows;
      return rows?.live !== undefined ? rows : false;
    },
    undefined,
    { polling: 100, timeout: 60_000 },
  );
  const { kept, live } = (await handle.jsonValue()) as { kept?: number; live: number };
  return { shown: Math.round(Math.min(kept ?? live, live)), live: Math.round(live) };
}

async function slowCpu(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

function launchApp(dir: string, offline = false) {
  return chromium
    .launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: PHONE,
      serviceWorkers: 'allow',
      offline,
    })
    .then(async (context) => {
      await context.addInitScript(recordFirstRows);
      return { context, page: context.pages()[0] ?? (await context.newPage()) };
    });
}

/**
 * The manager's /properties with the service worker controlling: the app opened again (a new
 * page of the same browser: no memory cache, the worker's caches and the device copy kept), and
 * the browser started again offline. One profile per run.
 */
interface FirstRows {
  warm: number;
  offline: number;
  warmLive: number;
  offlineLive: number;
}

async function firstRow(): Promise<FirstRows> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arivia-row-'));
  try {
    let { context, page } = await launchApp(dir);
    const session = await sessionOf('manager');
    await page.goto(`${API}/favicon.svg`);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [
      SESSION_KEY,
      JSON.stringify(session),
    ] as const);
    await page.goto(`${API}/properties`);
    await firstRowMs(page);
    // Installed, precached and controlling; the list mirrored on the device.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    for (let i = 0; i < 20; i++) {
      if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) break;
      await page.reload();
    }
    await firstRowMs(page);
    await page.waitForTimeout(1000);
    await page.close();

    page = await context.newPage();
    await slowCpu(context, page);
    await page.goto(`${API}/properties`, { waitUntil: 'commit' });
    const warm = await firstRows(page);
    await page.waitForTimeout(1000);
    await context.close();

    ({ context, page } = await launchApp(dir, true));
    await slowCpu(context, page);
    await page.goto(`${API}/properties`, { waitUntil: 'commit' });
    const offline = await firstRows(page);
    await context.close();
    return {
      warm: warm.shown,
      offline: offline.shown,
      warmLive: warm.live,
      offlineLive: offline.live,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function line(b: Budget): { text: string; over: boolean } {
  const s = summary(b.values);
  const over = b.kind === 'max' ? s.median > b.limit : s.median < b.limit;
  const fmt = (n: number) =>
    String(Math.abs(n) < 1 ? Math.round(n * 1000) / 1000 : Math.round(n * 10) / 10);
  const budget = `${b.kind === 'max' ? '≤' : '≥'} ${fmt(b.limit)} ${b.unit}`.trim();
  return {
    over,
    text: `| ${b.figure} | ${budget} | ${fmt(s.median)} | ${fmt(s.min)}–${fmt(s.max)} | ${s.runs.length} | ${over ? '**EXCEEDED**' : 'ok'} |`,
  };
}

/**
 * The start's main-thread tasks by their thread time, not their wall time (`BENCH_WEB_PARTS=tasks`;
 * not a budget): a cold signed-in load of `at` traced in Chromium, each task after the first
 * paint counted as Lighthouse's 4x phone would (4 x its thread time, blocking above 50 ms). A
 * task's wall time on this 2-core machine stretches with whatever else runs (Lighthouse's TBT of
 * one build varies by a factor of two); its thread time much less: the figure to compare two
 * builds by when the machine is not quiet (bench/README.md "Issue 29: third pass").
 */
async function threadTimeTasks(
  role: Role,
  at: string,
): Promise<{ blocking: number; largest: number }> {
  const entries = await signedInStorage(role);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    await putOnDevice(context, API, entries);
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(`${API}${at}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(
      () => !document.querySelector('[data-loading], [data-slot="skeleton"]'),
    );
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3000 })));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: {
        name: string;
        ph: string;
        pid: number;
        tid: number;
        ts: number;
        dur?: number;
        tdur?: number;
        args?: { name?: string };
      }[];
    };
    const events = trace.traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`${at}: no first paint in the trace`);
    const main = events.find(
      (e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain',
    );
    let blocking = 0;
    let largest = 0;
    for (const e of events) {
      if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== fcp.pid || e.tid !== main?.tid)
        continue;
      if (e.ts < fcp.ts) continue;
      const simulated = (CPU_SLOWDOWN * (e.tdur ?? e.dur ?? 0)) / 1000;
      blocking += Math.max(0, simulated - 50);
      largest = Math.max(largest, simulated);
    }
    return { blocking: Math.round(blocking), largest: Math.round(largest) };
  } finally {
    await browser.close();
  }
}

async function main() {
  console.log('Building the app…');
  const dist = build();
  const bytes = analyse(dist);
  const backend = startBackend(dist);
  let stat: Server | undefined;
  const loadBefore = os.loadavg();
  try {
    await waitFor(`${API}/_health`);

    console.log(`/auth on the wire once idle (${RUNS} runs)…`);
    const wire: Awaited<ReturnType<typeof authWireBytes>>[] = [];
    for (let i = 0; PARTS.has('bytes') && i < RUNS; i++) wire.push(await authWireBytes());

    const lh: Record<string, Scores[]> = {};
    const returning =
      PARTS.has('lighthouse') && !process.env.BENCH_WEB_SCREENS ? await returningStorage() : [];
    const wanted = process.env.BENCH_WEB_SCREENS?.split(',').filter(Boolean);
    const screens = SCREENS.filter((s) => !wanted || wanted.some((w) => s.name.includes(w)));
    /** [the figure's key, the URL, how it starts] */
    const pages: [string, string, LighthouseStart][] = [];
    if (!wanted) pages.push(['local /auth', `${API}/auth`, {}]);
    for (const screen of PARTS.has('lighthouse') ? screens : []) {
      const at = typeof screen.path === 'string' ? screen.path : await screen.path();
      pages.push([`local ${screen.name}`, `${API}${at}`, { role: screen.role }]);
    }
    // Not a budget: the cold /properties for a manager whose device kept the screen.
    if (!wanted)
      pages.push([
        'local (returning user) /properties',
        `${API}/properties`,
        { role: 'manager', storage: returning },
      ]);
    if (WITH_STATIC) {
      stat = await startStatic(dist);
      const base = `http://127.0.0.1:${STATIC_PORT}`;
      pages.push(
        ['static+gzip /auth', `${base}/auth`, {}],
        ['static+gzip /properties', `${base}/properties`, { role: 'manager' }],
      );
    }
    // Interleaved, so a burst of load on the shared machine does not land on one page's runs.
    for (let i = 0; PARTS.has('lighthouse') && i < RUNS; i++) {
      for (const [key, url, start] of pages) {
        console.log(`Lighthouse ${key} (${i + 1}/${RUNS})…`);
        (lh[key] ??= []).push(await runLighthouse(url, start));
      }
    }

    const tasks: Record<string, { blocking: number; largest: number }[]> = {};
    for (let i = 0; PARTS.has('tasks') && i < RUNS; i++) {
      for (const screen of screens) {
        console.log(`Thread-time tasks ${screen.name} (${i + 1}/${RUNS})…`);
        const at = typeof screen.path === 'string' ? screen.path : await screen.path();
        (tasks[screen.name] ??= []).push(await threadTimeTasks(screen.role, at));
      }
    }

    console.log(`First villa row, warm and offline (${RUNS} runs)…`);
    const rows: FirstRows[] = [];
    for (let i = 0; PARTS.has('rows') && i < RUNS; i++) rows.push(await firstRow());

    const auth = lh['local /auth'] ?? [];
    const budgets: Budget[] = [
      {
        figure: '/auth JS + CSS on the wire once idle',
        unit: 'KiB',
        kind: 'max',
        limit: 130,
        values: wire.map((w) => kb(w.body)),
      },
      {
        figure: '/auth Lighthouse performance',
        unit: '',
        kind: 'min',
        limit: 95,
        values: auth.map((s) => s.performance),
      },
      {
        figure: '/auth Lighthouse accessibility',
        unit: '',
        kind: 'min',
        limit: 100,
        values: auth.map((s) => s.accessibility),
      },
      {
        figure: '/auth Lighthouse best practices',
        unit: '',
        kind: 'min',
        limit: 100,
        values: auth.map((s) => s.bestPractices),
      },
      ...screens.flatMap((screen) => {
        const runs = lh[`local ${screen.name}`] ?? [];
        return SCREEN_BUDGETS.map((b): Budget => ({
          figure: `${screen.name} ${b.label}`,
          unit: b.unit,
          kind: b.kind,
          limit: b.limit,
          values: runs.map((r) => r[b.score]),
        }));
      }),
      {
        figure: 'first villa row, warm (service worker controlling)',
        unit: 'ms',
        kind: 'max',
        limit: 800,
        values: rows.map((r) => r.warm),
      },
      {
        figure: 'first villa row, offline cold start',
        unit: 'ms',
        kind: 'max',
        limit: 1000,
        values: rows.map((r) => r.offline),
      },
    ];
    // A part left out (BENCH_WEB_PARTS) has no runs: neither met nor exceeded.
    const measured = budgets.filter((b) => b.values.length > 0);
    const lines = measured.map(line);
    const exceeded = measured.filter((_, i) => lines[i]!.over).map((b) => b.figure);

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      host: `${os.cpus().length} cpu`,
      loadavg: { before: loadBefore, after: os.loadavg() },
      runs: RUNS,
      lighthouseVersion: '12 (mobile, simulated throttling)',
      budgets: measured.map((b) => ({ ...b, ...summary(b.values) })),
      exceeded,
      authWire: {
        bodyKiB: wire.map((w) => kb(w.body)),
        headersKiB: wire.map((w) => kb(w.headers)),
        files: wire[0]?.files,
      },
      authCriticalGzipKB: kb(bytes.authCritical.gzip),
      entryGzipKB: kb(bytes.entry.gzip),
      routeChunksGzipKB: Object.fromEntries(bytes.routes.map((r) => [r.route, kb(r.gzip)])),
      lighthouse: lh,
      firstRowMs: rows,
    };
    mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench', 'results', 'web.json'),
      JSON.stringify(results, null, 2) + '\n',
    );

    const table = [
      `Budgets (issues 17 and 29), ${RUNS} runs each, load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} after:`,
      '',
      '| figure | budget | median | range | runs | |',
      '|---|---|---:|---:|---:|---|',
      ...lines.map((l) => l.text),
    ];
    const w0 = wire[0];
    const extra = [
      '',
      `/auth once idle: ${w0?.files.length ?? 0} JS / CSS files, ${kb(w0?.body ?? 0)} KiB of bodies as sent + ${kb(w0?.headers ?? 0)} KiB of response headers (HTTP/1.1).`,
      `/auth critical path (entry + static imports + the /auth chunk, gzip -9 from the manifest): ${kb(bytes.authCritical.gzip)} KB; entry ${kb(bytes.entry.gzip)} KB.`,
      '',
      'Lighthouse medians (mobile):',
      '',
      '| run | perf | a11y | best | FCP ms | LCP ms | TBT ms | CLS |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...Object.entries(lh).map(([k, runs]) => {
        const m = (f: (s: Scores) => number) => summary(runs.map(f)).median;
        return `| ${k} | ${m((s) => s.performance)} | ${m((s) => s.accessibility)} | ${m((s) => s.bestPractices)} | ${m((s) => s.fcpMs)} | ${m((s) => s.lcpMs)} | ${m((s) => s.tbtMs)} | ${m((s) => s.cls)} |`;
      }),
      ...(Object.keys(tasks).length
        ? [
            '',
            'Main-thread tasks after the first paint by thread time, x4 (not a budget), median (range):',
            '',
            '| screen | blocking ms | largest task ms |',
            '|---|---:|---:|',
            ...Object.entries(tasks).map(
              ([k, runs]) =>
                `| ${k} | ${medianRange(runs.map((r) => r.blocking))} | ${medianRange(runs.map((r) => r.largest))} |`,
            ),
          ]
        : []),
      ...(rows.length
        ? [
            '',
            "The app's own first villa row (the kept screen gone, React's rows, which act on a tap), median (range):",
            `warm ${medianRange(rows.map((r) => r.warmLive))}, offline cold start ${medianRange(rows.map((r) => r.offlineLive))}.`,
          ]
        : []),
      '',
      'Route chunks beyond the entry and supabase-js (gzip KB):',
      ...bytes.routes.map((r) => `  ${String(kb(r.gzip)).padStart(6)}  ${r.route}`),
    ];
    const md = [...table, ...extra].join('\n');
    writeFileSync(path.join(ROOT, 'bench', 'results', 'web.md'), md + '\n');
    console.log(`\n${md}\n`);
    console.log(
      exceeded.length
        ? `EXCEEDED (${exceeded.length}): ${exceeded.join('; ')}`
        : 'Every budget measured was met.',
    );
    if (STRICT && exceeded.length) process.exitCode = 1;
  } finally {
    stat?.close();
    backend.kill('SIGTERM');
  }
}

await main();
