// Preloaded (`node --import`) into the backend and the build that e2e/support/serve.mjs starts:
// when serve.mjs goes, they go too - the backend through its own SIGTERM handler (it closes its
// server), and at the latest 5 s later.
import { onParentGone } from './parent-watch.mjs';

onParentGone(() => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 5_000).unref();
});
