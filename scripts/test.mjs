// `npm test`: everything CI checks, on a fresh clone. Installs what is missing (npm packages,
// Debian's chromium and PostgreSQL 15 when run as root), then: generated types up to date,
// typecheck, lint, unit tests, component tests (tests/components), the server suites on PGlite
// and on a throwaway PostgreSQL 15 cluster, and the Playwright suite in Chromium. Ends with one
// line: "N passed, N failed".
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { onStop, runGroup } from './child-group.mjs';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0)
    throw new Error('Debian chromium is missing: apt-get install -y chromium');
  console.log('Installing Debian chromium…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
ensureChromium();
const { startCluster, freePort } = await import('./pg-cluster.mjs');

const out = path.join(ROOT, 'test-results', 'summary');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0 };
const steps = [];
/** Names of the failed tests, repeated at the end so the last lines of a CI log name them. */
const failures = [];

/** One step in a process group of its own: stopping `npm test` stops all of it (child-group.mjs). */
async function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  const status = await runGroup(cmd, args, { cwd: ROOT, env: { ...process.env, ...env } });
  steps.push({ name, ok: status === 0, seconds: (Date.now() - t0) / 1000 });
  return status === 0;
}

/** A check that is not a test runner counts as one test. */
async function check(name, cmd, args) {
  const ok = await run(name, cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
}

/** Keeps one failed (or, `flaky`, passed-on-retry) test for the summary, with its first error line. */
function failed(step, flaky, where, messages = []) {
  const first = (messages.find(Boolean) ?? '').split('\n')[0].slice(0, 600);
  failures.push(`${step}${flaky ? ' (flaky, passed on retry)' : ''}: ${where}: ${first}`);
}

/**
 * One Playwright try, in one line a CI log's tail can keep: each error's first line, where in the
 * spec it stopped, and what it was waiting for (a timed-out click names its locator only there).
 */
function tryDetail(result) {
  const errors = result.errors?.length ? result.errors : result.error ? [result.error] : [];
  return errors
    .map((e) => {
      const lines = stripVTControlCharacters(e.message ?? '').split('\n');
      const waiting = lines.find((l) => /waiting for|Expected|Received/.test(l))?.trim();
      const at = e.location ? ` @${path.basename(e.location.file)}:${e.location.line}` : '';
      return `${lines[0]}${at}${waiting ? ` (${waiting})` : ''}`;
    })
    .join(' | ');
}

async function vitest(name, project, env = {}) {
  const file = path.join(out, `${name}.json`);
  const ok = await run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  if (!existsSync(file)) {
    totals.failed += 1;
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of r.testResults) {
    const where = path.relative(ROOT, suite.name);
    for (const t of suite.assertionResults) {
      // A test that passed with failure messages failed first and passed on its retry (CI).
      const flaky = t.status === 'passed' && t.failureMessages.length > 0;
      if (t.status === 'failed' || flaky)
        failed(name, flaky, `${where} › ${t.fullName}`, t.failureMessages);
    }
    if (suite.status === 'failed' && suite.assertionResults.length === 0)
      failed(name, false, where, [suite.message]);
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (ok || r.numFailedTests > 0 ? 0 : 1);
}

if (existsSync(path.join(ROOT, 'scripts', 'gen-types.ts'))) {
  await check('generated database types are current', 'npx', [
    'tsx',
    'scripts/gen-types.ts',
    '--check',
  ]);
}
await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await check('lint', 'npm', ['run', '--silent', 'lint']);
await vitest('unit', 'unit');
await vitest('components', 'components');
await vitest('server-pglite', 'server');

const cluster = startCluster(await freePort());
const forget = onStop(() => cluster.stop());
try {
  await vitest('server-postgres15', 'server', { TEST_DATABASE_URL: cluster.url });
} finally {
  forget();
  cluster.stop();
}

/** Every e2e test's last try: how long it took, its limit, and how many tries it needed. */
const e2eTimes = [];
if (existsSync(path.join(ROOT, 'playwright.config.ts'))) {
  const file = path.join(out, 'e2e.json');
  const ok = await run(
    'e2e (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const s = report.stats;
    // `within`: the describe blocks around a test (a file's own suite has no title of its own).
    const walk = (suite, within = []) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests) {
          const last = t.results.at(-1);
          e2eTimes.push({
            where: `${spec.file}:${spec.line} › ${[...within, spec.title].join(' › ')}`,
            seconds: (last?.duration ?? 0) / 1000,
            limit: t.timeout / 1000,
            tries: t.results.length,
          });
          if (t.status === 'unexpected' || t.status === 'flaky')
            failed(
              'e2e',
              t.status === 'flaky',
              `${spec.file}:${spec.line} › ${[...within, spec.title].join(' › ')}`,
              t.results.map(tryDetail),
            );
        }
      for (const child of suite.suites ?? [])
        walk(child, child.title ? [...within, child.title] : within);
    };
    for (const suite of report.suites ?? []) walk(suite);
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected + (ok || s.unexpected > 0 ? 0 : 1);
  } else totals.failed += 1;
}

console.log('\n=== summary');
for (const s of steps)
  console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(0)} s)`);
if (e2eTimes.length > 0) {
  // The margin (docs/testing.md): the slowest tests against their limits, and the retries.
  console.log('e2e, slowest 10 (last try / limit):');
  for (const t of [...e2eTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(
      `  ${t.seconds.toFixed(1)} s / ${t.limit.toFixed(0)} s (${Math.round((100 * t.seconds) / t.limit)}%)  ${t.where}`,
    );
  const retried = e2eTimes.filter((t) => t.tries > 1).length;
  console.log(`e2e tests that needed a retry: ${retried} of ${e2eTimes.length}`);
}
for (const f of failures) console.log(`  - ${stripVTControlCharacters(f)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
