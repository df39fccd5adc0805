// /auth/v1 — GoTrue subset. (Stub: filled in by the auth module work.)
import { Hono } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';

export function createAuth(_deps: ServiceDeps) {
  const app = new Hono();
  const devApp = new Hono();
  return { app, devApp };
}
