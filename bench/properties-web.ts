// Properties list in a real browser (issue 5): time from navigating to /properties to the first
// row of the table, in Chromium, with 2,000 villas and 50,000 reservations. The app is built for
// this port (fresh, as bench/web.ts), served by the local backend on a fresh in-memory PGlite
// with the demo seed plus the bench villas, signed in as the demo manager. Each run is a fresh
// navigation (the JS chunks come from the HTTP cache after the first, as for a returning user);
// the first, cold run is reported separately. Also records the list request's own duration.
// Run: npx tsx bench/properties-web.ts   (BENCH_RUNS=N, BENCH_WEB_PORT=P)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startServer } from '../server/app.ts';
import { percentile } from './load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4187);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PROPERTIES = 2000;
const STAYS_PER_PROPERTY = 25;

// As bench/properties.ts: 2,000 villas over 8 areas, 25 stays each from 125 days ago.
const LOAD_SQL = `
set local session_replication_role = replica;
insert into public.properties (code, name, type, status, address, area, bedrooms, bathrooms, max_guests, owner_name)
select 'BEN-' || lpad(i::text, 5, '0'),
  (array['Villa','Casa','Spiti','Suite','Residence'])[1 + i % 5] || ' ' || initcap(substr(md5(i::text), 1, 8)),
  (array['villa','house','apartment','suite','studio'])[1 + i % 5]::public.property_type,
  case when i % 17 = 0 then 'inactive' else 'active' end::public.property_status,
  'Bench street ' || i,
  (array['Oia, Santorini','Fira, Santorini','Imerovigli, Santorini','Naoussa, Paros','Parikia, Paros',
         'Ornos, Mykonos','Chora, Naxos','Apollonia, Sifnos'])[1 + i % 8],
  1 + i % 6, 1 + i % 4, 2 + 2 * (i % 6), 'Owner ' || i
from generate_series(1, ${PROPERTIES}) as i;
insert into public.reservations (property_id, guest_name, guests, check_in, check_out, source, status)
select p.id, 'Guest ' || k || ' ' || p.code, 2,
  date_trunc('day', now()) - interval '125 days' + (k * 10 + (p.n % 5)) * interval '1 day' + interval '13 hours',
  date_trunc('day', now()) - interval '125 days' + (k * 10 + (p.n % 5) + 3 + (p.n + k) % 6) * interval '1 day' + interval '8 hours',
  'direct', 'confirmed'
from (select id, code, row_number() over (order by code) as n from public.properties where code like 'BEN-%') p
cross join generate_series(0, ${STAYS_PER_PROPERTY - 1}) as k;
`;

const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const origin = `http://127.0.0.1:${PORT}`;
  // A production build for this port (always fresh: the figures are of this tree).
  const dist = path.join(root, '.data', 'bench-properties-web-dist');
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      VITE_SUPABASE_URL: origin,
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      VITE_SUPABASE_PROJECT_ID: 'arivia-ops',
      VITE_SUPPORT_EMAIL: 'support@arivia.local',
    },
  });
  const server = await startServer({
    workdir: root,
    port: PORT,
    host: '127.0.0.1',
    dataDir: null,
    env: {},
    appDir: dist,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await server.db.transaction((tx) => tx.exec(LOAD_SQL));
    await server.db.exec('analyze');
    const counts = await server.db.query<{ p: number; r: number }>(
      'select (select count(*) from public.properties)::int as p, (select count(*) from public.reservations)::int as r',
    );
    const { p, r } = counts.rows[0]!;
    console.log(`loaded: ${p} properties, ${r} reservations`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/auth`);
    await page.getByLabel('Email').fill('manager@arivia.local');
    await page.getByLabel('Password').fill('arivia-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${origin}/`);

    const firstRow = page.locator('table[aria-label="Properties"] tbody tr').first();
    const times: number[] = [];
    const requests: number[] = [];
    for (let i = 0; i <= RUNS; i += 1) {
      await page.goto('about:blank');
      const t0 = Date.now();
      const listResponse = page.waitForResponse((res) =>
        res.url().includes('/rest/v1/property_overview'),
      );
      await page.goto(`${origin}/properties`);
      await firstRow.waitFor({ state: 'visible' });
      times.push(Date.now() - t0);
      const timing = (await listResponse).request().timing();
      requests.push(timing.responseEnd);
    }
    await context.close();
    const [cold, ...warm] = times;
    warm.sort((a, b) => a - b);
    const reqs = requests.slice(1).sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString(),
      host: `${os.cpus().length} cpu, ${os.cpus()[0]?.model ?? ''}`.trim(),
      loadavg: os.loadavg().map(r1),
      properties: p,
      reservations: r,
      runs: RUNS,
      firstRowColdMs: cold,
      firstRowP50Ms: r1(percentile(warm, 50)),
      firstRowP95Ms: r1(percentile(warm, 95)),
      listRequestP50Ms: r1(percentile(reqs, 50)),
    };
    console.table(result);
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench', 'results', 'properties-web.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
