// /functions/v1 — edge functions from supabase/functions/<name>/index.ts. (Stub.)
import { Hono } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';

export function createFunctions(_deps: ServiceDeps) {
  return { app: new Hono(), async close(): Promise<void> {} };
}
