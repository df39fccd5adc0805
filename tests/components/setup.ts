// Runs before each component test file imports the app: points the app's environment at the
// in-process backend that tests/server/global-setup.ts started (the app validates it on import).
// happy-dom has no IndexedDB: the app's offline database (queue, device copies) runs in memory.
import 'fake-indexeddb/auto';
import { inject } from 'vitest';

const env = {
  VITE_SUPABASE_URL: inject('apiUrl'),
  VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  VITE_SUPABASE_PROJECT_ID: 'arivia-ops-components',
};
Object.assign(import.meta.env, env);
Object.assign(process.env, env);

// happy-dom has no Web Locks: the sync queue's replay takes one (docs/offline.md rule 3). A
// minimal exclusive lock per name, with `ifAvailable`, as the page uses it.
if (!navigator.locks) {
  const held = new Map<string, Promise<unknown>>();
  type Callback = (lock: { name: string } | null) => unknown;
  const request = async (name: string, a: Callback | { ifAvailable?: boolean }, b?: Callback) => {
    const options = typeof a === 'function' ? {} : a;
    const callback = (typeof a === 'function' ? a : b)!;
    if (options.ifAvailable && held.has(name)) return callback(null);
    while (held.has(name)) await held.get(name)!.catch(() => undefined);
    const run = Promise.resolve().then(() => callback({ name }));
    held.set(name, run);
    try {
      return await run;
    } finally {
      held.delete(name);
    }
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
}
