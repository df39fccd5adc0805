// GET /_dev/outbox: the e-mails the auth API would have sent, for tests and a developer on the
// same machine (app.ts mounts /_dev on loopback only). Every /_dev request must name a loopback
// Host and, when it has one, a loopback Origin: a page that rebinds its own name to 127.0.0.1
// cannot read the outbox (docs/server-hardening.md).
import { Hono } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';
import { isLoopbackHostHeader, isLoopbackOrigin } from '../gateway/loopback.ts';
import { queryParam } from './request.ts';
import { authTx } from './store.ts';

interface OutboxRow {
  id: number;
  created_at: Date;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  link: string | null;
}

export function createDevApp(deps: ServiceDeps) {
  const dev = new Hono();
  dev.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (
      !isLoopbackHostHeader(c.req.header('host')) ||
      (origin !== undefined && !isLoopbackOrigin(origin))
    ) {
      return c.json(
        { message: 'The development routes answer only to a loopback Host and Origin' },
        403,
      );
    }
    await next();
  });
  dev.get('/outbox', async (c) => {
    const email = queryParam(c, 'email');
    const rows = await authTx(deps.db, async (tx) =>
      email
        ? (
            await tx.query<OutboxRow>(
              'select * from auth.outbox where lower(recipient) = lower($1) order by id',
              [email],
            )
          ).rows
        : (await tx.query<OutboxRow>('select * from auth.outbox order by id')).rows,
    );
    return c.json(
      rows.map((r) => ({
        id: r.id,
        created_at: r.created_at.toISOString(),
        recipient: r.recipient,
        kind: r.kind,
        subject: r.subject,
        body: r.body,
        link: r.link,
      })),
    );
  });
  return dev;
}
