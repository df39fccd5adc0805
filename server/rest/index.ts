// /rest/v1 — PostgREST grammar. (Stub: filled in by the REST module work.)
import { Hono } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';

export function createRest(_deps: ServiceDeps) {
  const app = new Hono();
  return { app, reloadSchema: async () => undefined };
}
