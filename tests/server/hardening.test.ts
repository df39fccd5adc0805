// Server-side hardening (docs/server-hardening.md), each through the real HTTP layer: query plans
// are refused unless switched on, /_dev answers only to a loopback Host and Origin, a bulk write
// is bounded (rows per request, locks per transaction) and answered with a 4xx, and a forged
// X-Forwarded-For does not move a client to another rate-limit bucket.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import http from 'node:http';
import { REPO_ROOT, WELL_KNOWN } from '../../server/gateway/config.ts';
import { restHeaders, startFixtureServer, type FixtureServer } from './support/fixture-server.ts';
import {
  raw,
  startFixture,
  uniqueEmail,
  type FixtureServer as AuthFixture,
} from './auth-helpers.ts';

const apiUrl = () => inject('apiUrl');
const service = (extra: Record<string, string> = {}) =>
  restHeaders({ 'Content-Type': 'application/json', ...extra }, WELL_KNOWN.serviceRoleKey);

describe('query plans', () => {
  it('are refused by default, even to the service role (PostgREST db-plan-enabled is off)', async () => {
    for (const accept of [
      'application/vnd.pgrst.plan',
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
      'application/vnd.pgrst.plan+text; options=analyze|verbose',
    ]) {
      for (const key of [WELL_KNOWN.anonKey, WELL_KNOWN.serviceRoleKey]) {
        const res = await fetch(`${apiUrl()}/rest/v1/reservations?select=id`, {
          headers: restHeaders({ Accept: accept }, key),
        });
        const body = (await res.json()) as Record<string, unknown>;
        expect(res.status, accept).toBe(406);
        expect(body.code).toBe('PGRST107');
        expect(JSON.stringify(body)).not.toMatch(/Rows Removed|Seq Scan|Plan/);
      }
    }
  });
});

/** A raw HTTP GET with any Host header (fetch will not send a foreign one). */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/_dev/* answers only to loopback', () => {
  const outbox = () => `${apiUrl()}/_dev/outbox?email=${encodeURIComponent('admin@arivia.local')}`;
  const port = () => new URL(apiUrl()).port;

  it('refuses a foreign Host (a rebound name) and a foreign Origin', async () => {
    const cases: Record<string, string>[] = [
      { Host: `attacker.example:${port()}` },
      { Host: 'attacker.example' },
      { Host: `127.0.0.1.attacker.example:${port()}` },
      { Host: `localhost.attacker.example` },
      { Host: `192.168.1.20:${port()}` },
      { Host: `127.0.0.1:${port()}`, Origin: 'http://attacker.example' },
      { Host: `127.0.0.1:${port()}`, Origin: `http://attacker.example:${port()}` },
      { Host: `127.0.0.1:${port()}`, Origin: 'null' },
    ];
    for (const headers of cases) {
      const res = await get(outbox(), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toMatch(/arivia\.local|link/);
    }
  });

  it('answers 127.0.0.1, localhost and [::1] with any port, with or without a loopback Origin', async () => {
    const cases: Record<string, string>[] = [
      { Host: `127.0.0.1:${port()}` },
      { Host: `localhost:${port()}` },
      { Host: 'localhost' },
      { Host: `[::1]:${port()}` },
      { Host: `127.0.0.1:${port()}`, Origin: 'http://localhost:5173' },
      { Host: `localhost:${port()}`, Origin: `http://[::1]:${port()}` },
    ];
    for (const headers of cases) {
      const res = await get(outbox(), headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(Array.isArray(JSON.parse(res.body))).toBe(true);
    }
  });
});

const DAY = 86_400_000;
const stay = (propertyId: string, i: number) => ({
  property_id: propertyId,
  guest_name: `Bulk ${i}`,
  check_in: new Date(Date.UTC(2031, 0, 1) + (i % 300) * DAY).toISOString(),
  check_out: new Date(Date.UTC(2031, 0, 3) + (i % 300) * DAY).toISOString(),
});

describe('a bulk write is bounded', () => {
  it('20,000 reservations in one POST are refused with 413 PGRST413, and the server still serves', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => stay(crypto.randomUUID(), i));
    const t0 = performance.now();
    const res = await fetch(`${apiUrl()}/rest/v1/reservations`, {
      method: 'POST',
      headers: service({ Prefer: 'return=minimal' }),
      body: JSON.stringify(rows),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(413);
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe('PGRST413');
    expect(body.message).toBe('The request writes 20000 rows; one request may write at most 1000');
    // Refused before the database was asked: no seconds-long lock-up.
    expect(performance.now() - t0).toBeLessThan(5000);
    const after = await fetch(`${apiUrl()}/rest/v1/properties?select=id&limit=1`, {
      headers: service(),
    });
    expect(after.status).toBe(200);
  });

  it('a CSV body counts its lines, an RPC call is not a table write', async () => {
    const csv = ['property_id,guest_name,check_in,check_out']
      .concat(
        Array.from(
          { length: 1001 },
          (_, i) => `${crypto.randomUUID()},x${i},2031-01-01,2031-01-02`,
        ),
      )
      .join('\n');
    const res = await fetch(`${apiUrl()}/rest/v1/reservations`, {
      method: 'POST',
      headers: service({ 'Content-Type': 'text/csv', Prefer: 'return=minimal' }),
      body: csv,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST413');
  });

  describe('with the row cap raised (API_MAX_WRITE_ROWS=20000)', () => {
    let fx: FixtureServer;
    beforeAll(async () => {
      fx = await startFixtureServer(REPO_ROOT, { API_MAX_WRITE_ROWS: '20000' });
    }, 300_000);
    afterAll(async () => {
      await fx?.stop();
    });

    it('20,000 stays over 20,000 villas take a bounded number of locks: stored, no 5xx', async () => {
      const villas = Array.from({ length: 20_000 }, (_, i) => ({
        code: `LCK-${i}`,
        name: `Lock villa ${i}`,
      }));
      const made = await fetch(`${fx.url}/rest/v1/properties?select=id`, {
        method: 'POST',
        headers: service({ Prefer: 'return=representation' }),
        body: JSON.stringify(villas),
      });
      expect(made.status).toBe(201);
      const ids = ((await made.json()) as { id: string }[]).map((r) => r.id);
      expect(ids).toHaveLength(20_000);
      const res = await fetch(`${fx.url}/rest/v1/reservations`, {
        method: 'POST',
        headers: service({ Prefer: 'return=minimal' }),
        body: JSON.stringify(ids.map((id, i) => stay(id, i))),
      });
      // Before: 53200 "out of shared memory" (one advisory lock per villa), a 503 after seconds.
      expect(res.status, await res.clone().text()).toBe(201);
      const count = await fetch(`${fx.url}/rest/v1/reservations?select=id&guest_name=like.Bulk*`, {
        method: 'HEAD',
        headers: service({ Prefer: 'count=exact' }),
      });
      expect(count.headers.get('content-range')).toMatch(/\/20000$/);
    }, 300_000);
  });
});

describe('X-Forwarded-For is believed only from TRUSTED_PROXIES', () => {
  let fx: AuthFixture;
  beforeAll(async () => {
    // The strict project's sign_in_sign_ups limit is 12 per 5 minutes; no trusted proxies.
    fx = await startFixture('strict', { TRUSTED_PROXIES: '' });
  });
  afterAll(async () => {
    await fx?.close();
  });

  const attempt = (forwardedFor: string) =>
    raw('/token?grant_type=password', {
      url: fx.url,
      body: { email: uniqueEmail('xff'), password: 'whatever-1' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('a forged header does not change the limiter key: the peer is limited, whatever it claims', async () => {
    let i = 0;
    // Every attempt claims another address; all of them spend the one peer's budget.
    for (; i < 12; i++) expect((await attempt(`198.51.100.${i + 1}`)).status).toBe(400);
    const limited = await attempt('198.51.100.200');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('over_request_rate_limit');
    expect((await attempt('203.0.113.9, 10.0.0.1')).status).toBe(429);
  });
});
