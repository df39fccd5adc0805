// What Supabase's edge runtime gives a function, for code running in Node: a global `Deno` with
// `Deno.env` and `Deno.serve`, `EdgeRuntime.waitUntil`, and a global WebSocket. Each function file is imported once
// per server as its own module instance; the `Deno.serve(handler)` call it makes while loading
// registers its handler. Loads are serialised so every Deno.serve call is attributed to the module
// being loaded, and each request runs with its server's environment (AsyncLocalStorage), so
// several servers in one process (tests, benchmarks) never see each other's URLs or keys.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';

export interface ServeInfo {
  remoteAddr: { hostname: string; port: number; transport: 'tcp' };
  completed: Promise<void>;
}

export type FunctionHandler = (req: Request, info: ServeInfo) => Response | Promise<Response>;

export type FunctionEnv = ReadonlyMap<string, string>;

interface ServeHandle {
  finished: Promise<void>;
  shutdown(): Promise<void>;
  ref(): void;
  unref(): void;
  addr: { hostname: string; port: number; transport: 'tcp' };
}

interface Loading {
  env: FunctionEnv;
  handler?: FunctionHandler;
}

/** A promise and the function that settles it (Promise.withResolvers needs Node 22). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = () => r();
  });
  return { promise, resolve };
}

const requestEnv = new AsyncLocalStorage<FunctionEnv>();
let loading: Loading | undefined;
let loadQueue: Promise<unknown> = Promise.resolve();
let instance = 0;
const pendingWork = new Set<Promise<unknown>>();
const SHIM = Symbol.for('arivia.deno-shim');

function currentEnv(): FunctionEnv | undefined {
  return requestEnv.getStore() ?? loading?.env;
}

function envGet(key: string): string | undefined {
  return currentEnv()?.get(key) ?? process.env[key];
}

function pickHandler(args: unknown[]): FunctionHandler | undefined {
  const [first, second] = args;
  if (typeof first === 'function') return first as FunctionHandler;
  if (typeof second === 'function') return second as FunctionHandler;
  if (first && typeof first === 'object' && 'handler' in first) {
    const h = (first as { handler: unknown }).handler;
    if (typeof h === 'function') return h as FunctionHandler;
  }
  return undefined;
}

function serve(...args: unknown[]): ServeHandle {
  const handler = pickHandler(args);
  if (!handler) throw new TypeError('Deno.serve() needs a handler function');
  if (!loading) {
    throw new Error('Deno.serve() must be called while the function module loads');
  }
  loading.handler = handler;
  const { promise: finished, resolve: finish } = deferred();
  return {
    finished,
    async shutdown() {
      finish();
    },
    ref() {},
    unref() {},
    addr: { hostname: '127.0.0.1', port: 0, transport: 'tcp' },
  };
}

/** Defines the globals once per process; real Deno globals are never replaced. */
export function installShim(): void {
  const g = globalThis as Record<string | symbol, unknown>;
  if (g[SHIM] || g.Deno) return;
  const env = {
    get: envGet,
    has: (key: string) => envGet(key) !== undefined,
    set: (key: string, value: string) => {
      process.env[key] = value;
    },
    delete: (key: string) => {
      Reflect.deleteProperty(process.env, key);
    },
    toObject: (): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
      for (const [k, v] of currentEnv() ?? []) out[k] = v;
      return out;
    },
  };
  const define = (name: string, value: unknown) =>
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: false });
  define('Deno', { env, serve, version: { deno: 'node-shim' } });
  if (!g.EdgeRuntime) {
    define('EdgeRuntime', {
      waitUntil(work: unknown) {
        const p = Promise.resolve(work).catch((e: unknown) =>
          console.error('[functions] waitUntil task failed:', e),
        );
        pendingWork.add(p);
        void p.finally(() => pendingWork.delete(p));
      },
    });
  }
  // Deno has a global WebSocket; Node 20 does not, and supabase-js's realtime client needs one.
  if (!g.WebSocket) define('WebSocket', WebSocket);
  g[SHIM] = true;
}

/** Imports a function file as a fresh module instance and returns the handler it served. */
export function loadFunction(file: string, env: FunctionEnv): Promise<FunctionHandler> {
  installShim();
  const run = loadQueue.then(async () => {
    const state: Loading = { env };
    loading = state;
    try {
      // The query makes a new module instance for each server in this process.
      await import(`${pathToFileURL(file).href}?instance=${++instance}`);
    } finally {
      loading = undefined;
    }
    if (!state.handler) throw new Error(`${file} did not call Deno.serve()`);
    return state.handler;
  });
  loadQueue = run.catch(() => undefined);
  return run;
}

/** Runs a handler with its server's environment visible through Deno.env. */
export function runWithEnv<T>(env: FunctionEnv, fn: () => T): T {
  return requestEnv.run(env, fn);
}

/** Background work functions handed to EdgeRuntime.waitUntil, so a server can await it on close. */
export async function settleBackgroundWork(timeoutMs: number): Promise<void> {
  if (pendingWork.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...pendingWork]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
