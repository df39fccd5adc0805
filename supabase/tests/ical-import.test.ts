// The ical-import edge function through supabase-js's functions client, as the app calls it. The
// channel feeds are served by this suite on loopback: real-world shapes (Airbnb, Booking.com, VRBO,
// Google Calendar), and hostile servers (wrong content type, 10 MB, lying Content-Length, not
// iCalendar, redirect loops, redirects to other schemes, 404, a server that never answers).
// The server fetches only public addresses; the suite's feed server listens on 127.0.0.2, the one
// private address the test backend allows (ICAL_ALLOW_PRIVATE_NETWORK, tests/server/global-setup.ts),
// and the SSRF cases prove 127.0.0.1, 10.x, 169.254.169.254 and [::1] are refused on every hop.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { FEED_TEST_HOST } from '../../tests/server/feed-host.ts';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { zonedToUtc } from '../functions/ical-import/ics.ts';
import { anonClient, serviceClient, type Client, type TestUser } from './support.ts';
import {
  createActors,
  Fixtures,
  sameInstant,
  type Property,
  type SignedIn,
} from './properties-fixtures.ts';
import {
  airbnbFeed,
  bookingFeed,
  googleFeed,
  isoDate,
  NOT_ICALENDAR,
  vrboFeed,
  type AirbnbStay,
} from './ical-feeds.ts';

// --- the channels' side ------------------------------------------------------------------------

type Route = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Route>();
const hits = new Map<string, number>();
let channel: Server;
let base: string;

function serve(path: string, body: string, type = 'text/calendar; charset=utf-8') {
  routes.set(path, (_req, res) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  return `${base}${path}`;
}

function startChannel(): Promise<void> {
  channel = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    res.on('error', () => undefined);
    const route = routes.get(path);
    if (route) route(req, res);
    else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((resolve) => {
    channel.listen(0, FEED_TEST_HOST, () => {
      base = `http://${FEED_TEST_HOST}:${(channel.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

// --- the app's side ----------------------------------------------------------------------------

interface Report {
  created: number;
  updated: number;
  cancelled: number;
  unchanged: number;
  changes: { action: string; uid: string }[];
  conflicts: { uid: string }[];
  invalid: { uid: string | null; reason: string }[];
  skipped: { uid: string; reason: string }[];
}

interface Result {
  property_id: string;
  feed_id: string | null;
  source: string;
  full_sync: boolean;
  parsed: {
    events: number;
    skipped: { uid: string; reason: string }[];
    problems: { uid: string | null; reason: string }[];
    warnings: string[];
  };
  report: Report;
}

type Answer =
  { status: 200; data: Result } | { status: number; error: { code: string; message: string } };

async function importIcal(client: Client, body: Record<string, unknown>): Promise<Answer> {
  const { data, error } = await client.functions.invoke<{ data: Result }>('ical-import', { body });
  if (!error) return { status: 200, data: data!.data };
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response;
    const json = (await res.json()) as { error: { code: string; message: string } };
    return { status: res.status, error: json.error };
  }
  throw error;
}

function ok(a: Answer): Result {
  if (a.status !== 200 || !('data' in a))
    throw new Error(`expected success, got ${JSON.stringify(a)}`);
  return a.data;
}

function failed(a: Answer): { status: number; code: string; message: string } {
  if (!('error' in a)) throw new Error(`expected an error, got ${JSON.stringify(a)}`);
  return { status: a.status, ...a.error };
}

const fx = new Fixtures();
let users: Record<SignedIn, TestUser>;
let manager: Client;

async function stays(p: Property) {
  const { data, error } = await serviceClient()
    .from('reservations')
    .select('external_uid, status, check_in, check_out, guest_name, source')
    .eq('property_id', p.id)
    .order('check_in');
  if (error) throw new Error(error.message);
  return data;
}

async function feedRow(id: string) {
  const { data, error } = await serviceClient()
    .from('property_ical_feeds')
    .select('*')
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  await startChannel();
  users = await createActors();
  fx.trackUsers(...Object.values(users));
  manager = users.manager.client;
});

afterAll(async () => {
  channel?.closeAllConnections();
  await new Promise<void>((r) => (channel ? channel.close(() => r()) : r()));
  await fx.cleanup();
});

describe('syncing channel feeds', () => {
  it('Airbnb by URL: stays created, blocked nights skipped, the feed saved; again: nothing changes; then moved and removed stays follow', async () => {
    const villa = await fx.property();
    const stayList: AirbnbStay[] = [
      { uid: 'aaa111@airbnb.com', from: 10, to: 14 },
      { uid: 'bbb222@airbnb.com', from: 14, to: 19 },
      { uid: 'ccc333@airbnb.com', from: 25, to: 28 },
      { uid: 'blk444@airbnb.com', from: 30, to: 35, blocked: true },
    ];
    const url = serve('/airbnb/1.ics', airbnbFeed(stayList));

    const first = ok(await importIcal(manager, { property_id: villa.id, url, source: 'airbnb' }));
    expect(first).toMatchObject({ property_id: villa.id, source: 'airbnb', full_sync: true });
    expect(first.parsed).toMatchObject({
      events: 3,
      skipped: [{ uid: 'blk444@airbnb.com', reason: 'blocked dates, no guests' }],
      problems: [],
    });
    expect(first.report).toMatchObject({ created: 3, updated: 0, cancelled: 0, unchanged: 0 });
    const rows = await stays(villa);
    expect(rows.map((r) => [r.external_uid, r.source, r.status])).toEqual([
      ['aaa111@airbnb.com', 'airbnb', 'confirmed'],
      ['bbb222@airbnb.com', 'airbnb', 'confirmed'],
      ['ccc333@airbnb.com', 'airbnb', 'confirmed'],
    ]);
    // All-day: 15:00 and 11:00 in Athens.
    expect(
      sameInstant(rows[0]!.check_in, zonedToUtc(`${isoDate(10)}T15:00:00`, 'Europe/Athens')),
    ).toBe(true);
    expect(
      sameInstant(rows[0]!.check_out, zonedToUtc(`${isoDate(14)}T11:00:00`, 'Europe/Athens')),
    ).toBe(true);

    const feed = await feedRow(first.feed_id!);
    expect(feed).toMatchObject({
      property_id: villa.id,
      url,
      source: 'airbnb',
      last_status: 'ok',
      last_error: null,
    });
    expect(feed.last_synced_at).not.toBeNull();

    const again = ok(await importIcal(manager, { feed_id: first.feed_id }));
    expect(again.report).toMatchObject({
      created: 0,
      updated: 0,
      cancelled: 0,
      unchanged: 3,
      changes: [],
    });

    // The guest of bbb222 extends by a night; ccc333 cancels (leaves the export).
    serve(
      '/airbnb/1.ics',
      airbnbFeed([
        { uid: 'aaa111@airbnb.com', from: 10, to: 14 },
        { uid: 'bbb222@airbnb.com', from: 14, to: 20 },
      ]),
    );
    const moved = ok(await importIcal(manager, { feed_id: first.feed_id }));
    expect(moved.report).toMatchObject({ created: 0, updated: 1, cancelled: 1, unchanged: 1 });
    expect(moved.report.changes.map((c) => [c.action, c.uid]).sort()).toEqual([
      ['cancelled', 'ccc333@airbnb.com'],
      ['updated', 'bbb222@airbnb.com'],
    ]);
    const after = await stays(villa);
    expect(after.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'cancelled']);
    expect((await feedRow(first.feed_id!)).last_report).toMatchObject({ updated: 1, cancelled: 1 });
  });

  it('Booking.com: closed nights become stays without a guest name; the feed URL is remembered once', async () => {
    const villa = await fx.property();
    const url = serve(
      '/booking/ical.html',
      bookingFeed([
        { uid: 'f81d4fae7dec11d0a76500a0c91e6bf6@booking.com', from: 40, to: 44 },
        { uid: '0b7b6e8c3f4f0b0b0b0b0b0b0b0b0b0b@booking.com', from: 44, to: 47 },
      ]),
    );
    const r = ok(await importIcal(manager, { property_id: villa.id, url, source: 'booking' }));
    expect(r.report.created).toBe(2);
    expect((await stays(villa)).map((s) => [s.guest_name, s.source])).toEqual([
      ['', 'booking'],
      ['', 'booking'],
    ]);
    const r2 = ok(await importIcal(manager, { property_id: villa.id, url, source: 'booking' }));
    expect(r2.feed_id).toBe(r.feed_id);
    const { data: feeds } = await serviceClient()
      .from('property_ical_feeds')
      .select('id')
      .eq('property_id', villa.id);
    expect(feeds).toHaveLength(1);
  });

  it('Google Calendar uploaded as a file: zoned times, the cancelled event ignored, nothing else cancelled', async () => {
    const villa = await fx.property();
    const r = ok(await importIcal(manager, { property_id: villa.id, ics: googleFeed(50) }));
    expect(r).toMatchObject({ feed_id: null, source: 'other', full_sync: false });
    expect(r.report).toMatchObject({ created: 3, cancelled: 0, unchanged: 1 });
    const rows = await stays(villa);
    expect(rows.map((s) => s.guest_name)).toEqual([
      'Smith, John',
      'Maria Garcia Lopez and family from Valencia, staying for the sailing regatta week',
      'Booked from New York',
    ]);
    expect(
      sameInstant(rows[0]!.check_in, zonedToUtc(`${isoDate(50)}T16:00:00`, 'Europe/Athens')),
    ).toBe(true);
    expect(
      sameInstant(rows[2]!.check_in, zonedToUtc(`${isoDate(58)}T08:00:00`, 'America/New_York')),
    ).toBe(true);
  });

  it('VRBO file: the source comes from PRODID, the guest name from "Reserved - ..."', async () => {
    const villa = await fx.property();
    const r = ok(await importIcal(manager, { property_id: villa.id, ics: vrboFeed(70) }));
    expect(r.source).toBe('vrbo');
    expect(r.parsed.skipped).toHaveLength(1);
    expect((await stays(villa)).map((s) => [s.guest_name, s.source])).toEqual([
      ['Jane Doe', 'vrbo'],
    ]);
  });

  it('a feed served as text/plain is accepted; a redirect to it is followed', async () => {
    const villa = await fx.property();
    serve(
      '/plain.ics',
      bookingFeed([{ uid: 'plain-1@booking.com', from: 80, to: 82 }]),
      'text/plain',
    );
    routes.set('/moved', (_req, res) => {
      res.writeHead(301, { Location: '/plain.ics' });
      res.end();
    });
    const r = ok(
      await importIcal(manager, { property_id: villa.id, url: `${base}/moved`, source: 'booking' }),
    );
    expect(r.report.created).toBe(1);
  });
});

describe('who may import', () => {
  it.each(['housekeeper', 'technician', 'norole'] as const)(
    '%s is refused (403) before anything is fetched',
    async (actor) => {
      const villa = await fx.property();
      const path = `/never-fetched-${actor}.ics`;
      const url = serve(path, airbnbFeed([{ uid: 'x@airbnb.com', from: 10, to: 12 }]));
      const e = failed(await importIcal(users[actor].client, { property_id: villa.id, url }));
      expect(e).toMatchObject({ status: 403, code: 'forbidden' });
      expect(hits.get(path)).toBeUndefined();
      expect(await stays(villa)).toEqual([]);
      const { data: feeds } = await serviceClient()
        .from('property_ical_feeds')
        .select('id')
        .eq('property_id', villa.id);
      expect(feeds).toEqual([]);
    },
  );

  it('anon is refused (401)', async () => {
    const villa = await fx.property();
    const e = failed(await importIcal(anonClient(), { property_id: villa.id, ics: vrboFeed(10) }));
    expect(e.status).toBe(401);
    expect(await stays(villa)).toEqual([]);
  });

  it('an admin may', async () => {
    const villa = await fx.property();
    const r = ok(
      await importIcal(users.admin.client, { property_id: villa.id, ics: vrboFeed(90) }),
    );
    expect(r.report.created).toBe(1);
  });
});

describe('hostile feeds and requests', () => {
  let villa: Property;
  beforeAll(async () => {
    villa = await fx.property();
  });

  const expectRefusal = async (body: Record<string, unknown>, status: number, code: string) => {
    const e = failed(
      await importIcal(manager, { property_id: villa.id, source: 'other', ...body }),
    );
    expect(e, JSON.stringify(body).slice(0, 120)).toMatchObject({ status, code });
    return e;
  };

  it('wrong content types: 415', async () => {
    await expectRefusal(
      { url: serve('/page.html', NOT_ICALENDAR, 'text/html') },
      415,
      'not_a_calendar',
    );
    const e = await expectRefusal(
      { url: serve('/data.json', '{"events":[]}', 'application/json') },
      415,
      'not_a_calendar',
    );
    expect(e.message).toContain('application/json');
  });

  it('served as a calendar but not iCalendar: 422', async () => {
    await expectRefusal({ url: serve('/fake.ics', NOT_ICALENDAR) }, 422, 'not_icalendar');
    await expectRefusal({ ics: 'hello, world' }, 422, 'not_icalendar');
  });

  it('10 MB streamed without Content-Length: 413, read no further than the limit', async () => {
    let sent = 0;
    routes.set('/huge.ics', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      const write = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', write);
            return;
          }
        }
        res.end();
      };
      res.write('BEGIN:VCALENDAR\r\nX-JUNK:');
      write();
    });
    await expectRefusal({ url: `${base}/huge.ics` }, 413, 'feed_too_large');
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it('a declared Content-Length over the limit: 413 without reading', async () => {
    routes.set('/declared.ics', (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/calendar',
        'Content-Length': String(10 * 1024 * 1024),
      });
      res.write('BEGIN:VCALENDAR\r\n');
    });
    await expectRefusal({ url: `${base}/declared.ics` }, 413, 'feed_too_large');
  });

  it('an uploaded file over 2 MB: 413 (a calendar just over, a request far over)', async () => {
    const calendar = (bytes: number) =>
      `BEGIN:VCALENDAR\r\nX:${'y'.repeat(bytes)}\r\nEND:VCALENDAR`;
    await expectRefusal({ ics: calendar(2 * 1024 * 1024) }, 413, 'feed_too_large');
    await expectRefusal({ ics: calendar(3 * 1024 * 1024) }, 413, 'payload_too_large');
  });

  it('a redirect loop: 502 after 5 hops', async () => {
    routes.set('/loop', (_req, res) => {
      res.writeHead(302, { Location: '/loop' });
      res.end();
    });
    const before = hits.get('/loop') ?? 0;
    await expectRefusal({ url: `${base}/loop` }, 502, 'too_many_redirects');
    expect((hits.get('/loop') ?? 0) - before).toBe(6);
  });

  it('a redirect to another scheme, and non-http URLs: 400', async () => {
    routes.set('/to-file', (_req, res) => {
      res.writeHead(302, { Location: 'file:///etc/passwd' });
      res.end();
    });
    await expectRefusal({ url: `${base}/to-file` }, 400, 'unsupported_url');
    for (const url of [
      'file:///etc/passwd',
      'ftp://127.0.0.1/cal.ics',
      'javascript:alert(1)',
      'data:text/calendar,BEGIN:VCALENDAR',
    ]) {
      await expectRefusal({ url }, 400, 'unsupported_url');
    }
    await expectRefusal({ url: 'not a url' }, 400, 'invalid_url');
  });

  it('an upstream 404 or a closed port: 502; the saved feed records the failure', async () => {
    const e = await expectRefusal({ url: `${base}/gone.ics` }, 502, 'feed_unavailable');
    expect(e.message).toContain('404');
    const { data } = await serviceClient()
      .from('property_ical_feeds')
      .select('last_status, last_error')
      .eq('url', `${base}/gone.ics`)
      .single();
    expect(data).toEqual({ last_status: 'error', last_error: 'The feed answered HTTP 404' });
    const closed = new URL(base);
    closed.port = '9';
    await expectRefusal({ url: `${closed.origin}/cal.ics` }, 502, 'feed_unreachable');
  });

  it('a feed that never answers: 504 after the 10 s deadline', async () => {
    routes.set('/slow.ics', () => {
      // Never answers; the socket is destroyed when the suite stops the server.
    });
    const t0 = Date.now();
    await expectRefusal({ url: `${base}/slow.ics` }, 504, 'feed_timeout');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(9_500);
  }, 25_000);

  it('malformed requests: 400', async () => {
    await expectRefusal({ url: `${base}/a.ics`, ics: 'BEGIN:VCALENDAR' }, 400, 'invalid_request');
    await expectRefusal({}, 400, 'invalid_request');
    const e = failed(await importIcal(manager, { ics: vrboFeed(1) }));
    expect(e).toMatchObject({ status: 400, code: 'invalid_request' });
    await expectRefusal({ ics: vrboFeed(1), source: 'direct' }, 400, 'invalid_request');
    await expectRefusal({ ics: vrboFeed(1), extra: true }, 400, 'invalid_request');
    const missing = failed(
      await importIcal(manager, { feed_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(missing).toMatchObject({ status: 404, code: 'feed_not_found' });
  });

  it('an archived villa: 400 with the database message', async () => {
    const archived = await fx.property();
    await serviceClient().from('properties').update({ archived: true }).eq('id', archived.id);
    const e = failed(await importIcal(manager, { property_id: archived.id, ics: vrboFeed(10) }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/archived/);
  });
});

describe('server-side request forgery: only public addresses are fetched, on every hop', () => {
  // A server on the backend's own loopback address, standing for anything internal.
  let internal: Server;
  let internalPort = 0;
  let internalHits = 0;
  let villa: Property;

  beforeAll(async () => {
    villa = await fx.property();
    const body = airbnbFeed([{ uid: 'internal@airbnb.com', from: 30, to: 32 }]);
    internal = createServer((_req, res) => {
      internalHits += 1;
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      res.end(body);
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', () => resolve()));
    internalPort = (internal.address() as AddressInfo).port;
  });

  afterAll(async () => {
    internal?.closeAllConnections();
    await new Promise<void>((r) => (internal ? internal.close(() => r()) : r()));
  });

  const refused = async (url: string) => {
    const e = failed(await importIcal(manager, { property_id: villa.id, url, source: 'other' }));
    expect({ url, status: e.status, code: e.code }).toEqual({
      url,
      status: 400,
      code: 'address_not_allowed',
    });
    return e;
  };

  it('loopback, private, link-local (metadata) and IPv6 loopback URLs: 400, nothing fetched or saved', async () => {
    const urls = [
      `http://127.0.0.1:${internalPort}/cal.ics`,
      `http://[::1]:${internalPort}/cal.ics`,
      `http://[::ffff:127.0.0.1]:${internalPort}/cal.ics`,
      `http://2130706433:${internalPort}/cal.ics`, // 127.0.0.1 written as one number
      `http://localhost:${internalPort}/cal.ics`, // a name that resolves to loopback
      'http://10.0.0.1/cal.ics',
      'http://172.16.5.4/cal.ics',
      'http://192.168.1.1/cal.ics',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://0.0.0.0/cal.ics',
      'http://224.0.0.1/cal.ics',
    ];
    for (const url of urls) await refused(url);
    expect(internalHits).toBe(0);
    const { data: feeds } = await serviceClient()
      .from('property_ical_feeds')
      .select('url')
      .eq('property_id', villa.id);
    expect(feeds).toEqual([]);
    expect(await stays(villa)).toEqual([]);
  });

  it('a redirect from an allowed feed to an internal address: 400, the target never reached', async () => {
    const targets = [
      `http://127.0.0.1:${internalPort}/cal.ics`,
      `http://[::1]:${internalPort}/cal.ics`,
      'http://10.1.2.3/cal.ics',
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const [i, target] of targets.entries()) {
      routes.set(`/redirect-${i}`, (_req, res) => {
        res.writeHead(302, { Location: target });
        res.end();
      });
      const before = hits.get(`/redirect-${i}`) ?? 0;
      const e = await refused(`${base}/redirect-${i}`);
      expect(e.message).toContain(new URL(target).hostname);
      expect(hits.get(`/redirect-${i}`)).toBe(before + 1);
    }
    expect(internalHits).toBe(0);
    expect(await stays(villa)).toEqual([]);
  });

  it('a saved feed whose URL now points inside is refused at sync, and the failure recorded', async () => {
    const url = serve(
      '/later-internal.ics',
      airbnbFeed([{ uid: 'later@airbnb.com', from: 40, to: 42 }]),
    );
    const first = ok(await importIcal(manager, { property_id: villa.id, url, source: 'airbnb' }));
    expect(first.report.created).toBe(1);
    const internalUrl = `http://127.0.0.1:${internalPort}/cal.ics`;
    expect(
      (
        await serviceClient()
          .from('property_ical_feeds')
          .update({ url: internalUrl })
          .eq('id', first.feed_id!)
      ).error,
    ).toBeNull();
    const e = failed(await importIcal(manager, { feed_id: first.feed_id }));
    expect(e).toMatchObject({ status: 400, code: 'address_not_allowed' });
    expect(internalHits).toBe(0);
    expect(await feedRow(first.feed_id!)).toMatchObject({ last_status: 'error' });
  });

  it("the suite's own feed server stays reachable through the test-only setting", async () => {
    const url = serve(
      '/allowed.ics',
      airbnbFeed([{ uid: 'allowed@airbnb.com', from: 50, to: 52 }]),
    );
    expect(new URL(url).hostname).toBe(FEED_TEST_HOST);
    const r = ok(await importIcal(manager, { property_id: villa.id, url, source: 'airbnb' }));
    expect(r.report.created).toBe(1);
  });
});
