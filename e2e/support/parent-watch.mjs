// Lets a process of the e2e web server end with whoever started it (docs/testing.md, "Nothing
// left running"). Playwright starts its web server with a pipe as stdin and keeps the other end:
// when the runner goes - even killed with SIGKILL, which no handler sees - the pipe reads EOF. A
// process whose parent dies is also handed to a new parent (its ppid changes). Either way `gone`
// runs once.
import { fstatSync } from 'node:fs';

function stdinIsPipe() {
  try {
    const st = fstatSync(0);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}

/** Calls `gone` once when this process's parent has gone (stdin pipe closed, or reparented). */
export function onParentGone(gone) {
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    clearInterval(timer);
    gone();
  };
  // Only a pipe (Node makes its stdio pipes as socket pairs): run by hand in a terminal (a TTY)
  // or with </dev/null, stdin says nothing.
  if (stdinIsPipe()) {
    process.stdin.on('end', fire);
    process.stdin.on('error', fire);
    // Read (and drop) whatever comes, so that the end is seen; this does not keep the process up.
    process.stdin.resume();
    process.stdin.unref?.();
  }
  const ppid = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== ppid) fire();
  }, 500);
  timer.unref();
}
