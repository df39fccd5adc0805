// Steps of the PWA spec: waiting for the service worker, and a private app server whose files a
// test may change (a new sw.js) without disturbing the shared web server of the other specs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { PUBLISHABLE_KEY } from './helpers';

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Waits until a service worker controls the page (first visit: installed, activated, claimed). */
export async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  baseURL: string;
  /** The served copy of the build: change files here. */
  dir: string;
  stop(): Promise<void>;
}

/**
 * Builds the app for a port of its own, copies the build to a temporary folder and runs the
 * backend on a fresh in-memory database serving that copy (what e2e/support/serve.mjs does).
 */
export async function startAppServer(): Promise<AppServer> {
  const port = await freePort();
  const outDir = path.join('.data', `e2e-pwa-dist-${process.pid}`);
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        VITE_SUPABASE_URL: `http://127.0.0.1:${port}`,
        VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        VITE_SUPABASE_PROJECT_ID: 'arivia-ops',
        VITE_SUPPORT_EMAIL: 'support@arivia.local',
      },
    },
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'arivia-pwa-'));
  cpSync(path.join(ROOT, outDir), dir, { recursive: true });
  rmSync(path.join(ROOT, outDir), { recursive: true, force: true });

  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--memory', '--port', String(port), '--app', dir],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  // Should the test run out of time first, the worker's exit still takes the server along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A loaded machine can take well over a minute to start PGlite, migrate and seed; the test's
  // own limit bounds the wait too. A server that never answered is stopped, not left behind
  // (one once kept its port and folder after a run).
  const deadline = Date.now() + 150_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`app server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${baseURL}/_health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('app server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseURL, dir, stop };
}

/** Clicks Update Now on the Update card and waits for the page to reload (a new document). */
export async function updateNowAndReload(
  page: Page,
  card: Locator,
  timeout = 30_000,
): Promise<void> {
  // The new document's load event, awaited from Node: a check polled inside the page once
  // outlived its own timeout by minutes while the page reloaded (a loaded machine).
  const reloaded = page.waitForEvent('load', { timeout });
  await card.getByRole('button', { name: 'Update Now' }).click();
  await reloaded;
}
