// GET /_admin/backup: a consistent backup of the running database (server/db/backup.ts), for
// `npm run backup` (README "Backups"). Only for the service role, and only from this machine: the
// socket's peer must be loopback (no proxy header is believed), and so must the Host and any
// Origin (a page that rebinds its own name to 127.0.0.1 cannot fetch it; docs/server-hardening.md).
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { timingSafeEqual } from 'node:crypto';
import { dumpDatabase } from '../db/backup.ts';
import { isLoopbackAddress, isLoopbackHostHeader, isLoopbackOrigin } from './loopback.ts';
import type { ServiceDeps } from './service.ts';

function peer(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createBackupRoute(deps: ServiceDeps) {
  const app = new Hono();
  app.get('/backup', async (c) => {
    const origin = c.req.header('origin');
    const address = peer(c);
    if (
      address === undefined ||
      !isLoopbackAddress(address) ||
      !isLoopbackHostHeader(c.req.header('host')) ||
      (origin !== undefined && !isLoopbackOrigin(origin))
    ) {
      return c.json({ message: 'Backups are taken only from this machine' }, 403);
    }
    const bearer = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
    const keys = [deps.config.serviceRoleKey, deps.config.secretKey];
    const given = [bearer, c.req.header('apikey') ?? ''];
    if (!given.some((g) => g !== '' && keys.some((k) => sameKey(g, k)))) {
      return c.json({ message: 'A backup needs the service role key' }, 401);
    }
    const lines = await dumpDatabase(deps.db);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    return c.body(lines.join('\n') + '\n');
  });
  return app;
}
