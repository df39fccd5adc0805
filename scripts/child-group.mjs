// Runs one step of `npm test` as a process group of its own and passes a stop on to it
// (docs/testing.md, "Nothing left running"). Without this, a SIGTERM to `npm test` (a CI timeout)
// ended test.mjs alone and left the step's runner, its web server and backend running.
import { spawn } from 'node:child_process';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const NUMBERS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };

/** The step now running, and what to undo when stopped (e.g. a PostgreSQL cluster). */
let current = null;
const cleanups = new Set();
let stopping = false;

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** On a stop signal: the step's whole group gets it, then (at the latest 10 s on) SIGKILL. */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const child = current;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    killGroup(child.pid, signal);
    const late = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(late);
    // What the step left in its group (a worker still closing) goes with it.
    killGroup(child.pid, 'SIGKILL');
  }
  for (const undo of cleanups) {
    try {
      await undo();
    } catch (e) {
      console.error(String(e));
    }
  }
  process.exit(128 + NUMBERS[signal]);
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  for (const sig of SIGNALS) process.on(sig, () => void stop(sig));
}

/** Registers work to undo if `npm test` is stopped; returns a function that unregisters it. */
export function onStop(undo) {
  install();
  cleanups.add(undo);
  return () => cleanups.delete(undo);
}

/**
 * Runs cmd with inherited stdio in a process group of its own; resolves with its exit status
 * (null when a signal ended it).
 */
export function runGroup(cmd, args, opts = {}) {
  install();
  // stdin not passed on: a group outside the terminal's foreground group must not read from it.
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    ...opts,
    detached: true,
  });
  current = child;
  return new Promise((resolve) => {
    child.once('error', () => resolve(null));
    child.once('exit', (code) => {
      if (current === child) current = null;
      resolve(code);
    });
  });
}
