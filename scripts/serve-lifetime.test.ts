// Nothing is left running when a test run is stopped (docs/testing.md): the e2e web server
// (e2e/support/serve.mjs) and the backend it starts end with the Playwright runner, even one
// killed with SIGKILL; and a step of `npm test` (scripts/child-group.mjs) ends with test.mjs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started: number[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Whether any process of process group `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/_health`)).ok;
  } catch {
    return false;
  }
}

/** Reads "<tag> <number>" from a child's stdout. */
function readPid(child: ChildProcess, tag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = new RegExp(`${tag} (\\d+)`).exec(text);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`exited before printing ${tag}: ${text}`)));
  });
}

afterEach(() => {
  for (const pgid of started.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

describe('nothing left running', { timeout: 180_000 }, () => {
  it('the e2e web server and its backend end when the Playwright runner is killed (SIGKILL)', async () => {
    const port = await freePort();
    const app = mkdtempSync(path.join(tmpdir(), 'arivia-serve-test-'));
    writeFileSync(path.join(app, 'index.html'), '<!doctype html><title>t</title>');
    try {
      // A stand-in for the runner, starting the web server as Playwright's launchProcess does:
      // through a shell, as the leader of a new process group, stdin piped. Its output goes to
      // /dev/null here: on a pipe, the first line written after the runner died would end the
      // server by chance (EPIPE), while an idle server writes nothing and stays - the case seen.
      const runner = spawn(
        process.execPath,
        [
          '-e',
          `const s = require('node:child_process').spawn('node e2e/support/serve.mjs', {
             shell: true, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
           console.log('group ' + s.pid);
           setInterval(() => {}, 1e9);`,
        ],
        {
          cwd: ROOT,
          env: { ...process.env, E2E_PORT: String(port), E2E_APP_DIR: app },
          stdio: ['ignore', 'pipe', 'inherit'],
          detached: true,
        },
      );
      started.push(runner.pid!);
      const group = await readPid(runner, 'group');
      started.push(group);
      await until('the backend answers', () => healthy(port), 150_000);

      runner.kill('SIGKILL');
      await until('the web server group is gone', () => !groupAlive(group), 15_000);
      expect(await healthy(port)).toBe(false);
      // The port is free again: the next run can listen on it.
      await new Promise<void>((resolve, reject) => {
        const srv = createServer();
        srv.once('error', reject);
        srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
      });
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it('a step of npm test (its whole process group) ends when test.mjs gets SIGTERM', async () => {
    // A stand-in for test.mjs: one step whose child starts a grandchild, both waiting forever.
    const script = `
      import { runGroup } from './scripts/child-group.mjs';
      const code = "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1e9);";
      const status = runGroup(process.execPath, ['-e', code]);
      console.log('ready');
      await status;`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const grandchild = await readPid(parent, 'grandchild');
    started.push(grandchild);
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) =>
      parent.once('exit', (c, s) => r([c, s])),
    );
    parent.kill('SIGTERM');
    expect(await exited).toEqual([143, null]);
    await until(
      'the grandchild is gone',
      () => {
        try {
          process.kill(grandchild, 0);
          return false;
        } catch {
          return true;
        }
      },
      15_000,
    );
  });
});
