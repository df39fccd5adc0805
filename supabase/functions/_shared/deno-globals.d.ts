// The globals Supabase's edge runtime gives a function (Deno.env, Deno.serve, EdgeRuntime), typed
// for the project's TypeScript check. Nothing imports this file: on Supabase the runtime's own
// types apply, and locally server/functions/runtime.ts provides the same globals in Node.
declare namespace Deno {
  interface Env {
    get(key: string): string | undefined;
    has(key: string): boolean;
    set(key: string, value: string): void;
    delete(key: string): void;
    toObject(): Record<string, string>;
  }
  const env: Env;

  interface ServeHandlerInfo {
    remoteAddr: { hostname: string; port: number; transport: 'tcp' };
    completed: Promise<void>;
  }
  type ServeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;
  interface HttpServer {
    finished: Promise<void>;
    shutdown(): Promise<void>;
    ref(): void;
    unref(): void;
  }
  interface ServeOptions {
    port?: number;
    hostname?: string;
    onListen?: (addr: { hostname: string; port: number }) => void;
  }
  function serve(handler: ServeHandler | (ServeOptions & { handler: ServeHandler })): HttpServer;
  function serve(options: ServeOptions, handler: ServeHandler): HttpServer;
}

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void };
