// /storage/v1 — buckets and objects. (Stub: filled in by the storage work.)
import { Hono } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';

export function createStorage(_deps: ServiceDeps) {
  return { app: new Hono() };
}
