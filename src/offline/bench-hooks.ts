// Benchmark hook, only in a build made with VITE_BENCH_HOOKS=1 (bench/offline.ts): the offline
// soak drives the real sync engine of the production build from Chromium. It exposes engine code
// only - the builders, the queue and the page's replay trigger - and no test logic. Normal builds
// (npm start, e2e) never set the flag, so this module is not in their bundles.
import { discardEntry, listEntries, queueSize } from './queue';
import { requestReplay } from './sync-engine';
import { deleteRow, insertRow, queueWrite, queueWrites, updateRow, uploadObject } from './write';

const hooks = {
  queueWrite,
  queueWrites,
  insertRow,
  updateRow,
  deleteRow,
  uploadObject,
  requestReplay,
  listEntries,
  queueSize,
  discardEntry,
};

export type BenchHooks = typeof hooks;

declare global {
  interface Window {
    __ariviaBench?: BenchHooks;
  }
}

window.__ariviaBench = hooks;
