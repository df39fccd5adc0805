// ical-import: brings a property's reservations in line with a channel's iCal export (Airbnb,
// Booking.com, VRBO, any calendar), or with an uploaded .ics file.
//
//   POST { feed_id }                                  sync a saved feed (property_ical_feeds)
//   POST { property_id, url, source?, full_sync? }    fetch a URL; it is saved as the villa's feed
//   POST { property_id, ics, source?, full_sync? }    an uploaded file's text
//
// source defaults from the URL's host or the file's PRODID (airbnb / booking / vrbo / other).
// full_sync (stays of this source that left the calendar are cancelled) defaults to true for feeds,
// which are whole calendars, and false for files, which may hold a single booking.
//
// Everything runs as the caller: their JWT reaches the database, so RLS and import_reservations()
// decide (reservations.manage); the permission is checked before anything is fetched, so nobody
// else can make the server fetch URLs. The service role is never used.
//
// Answers { data: { property_id, feed_id, source, full_sync, parsed, report } } where parsed =
// { events, skipped, problems, warnings } from reading the calendar and report is what
// import_reservations() returned (created / updated / cancelled / unchanged, changes, conflicts,
// invalid). Errors: { error: { code, message } } with 400 (bad request or URL), 401, 403, 404 (no
// such feed), 413 (over 2 MB), 415 (not served as a calendar), 422 (not iCalendar), 502 / 504 (the
// feed's server failed / timed out). A saved feed records how its last sync went either way.
//
// The server fetches only from public addresses: a URL whose host is or resolves to a loopback,
// private, link-local, CGNAT, multicast or metadata address is refused (400 address_not_allowed)
// before it is saved, and every fetch checks every redirect hop again (docs/security-sql.md).
// ICAL_ALLOW_PRIVATE_NETWORK (1, or a list of addresses / CIDR blocks) lifts that for tests; it is
// never set in production.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, ok } from '../_shared/http.ts';
import { callerClient } from '../_shared/supabase.ts';
import { parsePolicy } from './address.ts';
import { FEED_LIMITS, feedUrl, fetchFeed } from './fetch-feed.ts';
import { resolveChecked } from './pinned-http.ts';
import { IcsError, importWindow, parseIcs, prepareImport, type IcsCalendar } from './ics.ts';

const source = z.enum(['airbnb', 'booking', 'vrbo', 'other']);
type Source = z.infer<typeof source>;

const request = z
  .object({
    feed_id: z.uuid().optional(),
    property_id: z.uuid().optional(),
    url: z.string().min(1).max(2048).optional(),
    ics: z.string().optional(),
    source: source.optional(),
    full_sync: z.boolean().optional(),
  })
  .strict()
  .refine((b) => [b.feed_id, b.url, b.ics].filter((v) => v !== undefined).length === 1, {
    message: 'send exactly one of feed_id, url or ics',
  })
  .refine((b) => b.feed_id !== undefined || b.property_id !== undefined, {
    message: 'property_id is required with url or ics',
  });

/** A JSON body of at most 2 MB of calendar plus a little room for the other fields. */
const MAX_BODY = FEED_LIMITS.maxBytes + 64 * 1024;

function sourceFromUrl(url: URL): Source {
  const host = url.hostname.toLowerCase();
  if (/(^|\.)airbnb\./.test(host)) return 'airbnb';
  if (/(^|\.)booking\.com$/.test(host)) return 'booking';
  if (/(^|\.)(vrbo|homeaway)\./.test(host)) return 'vrbo';
  return 'other';
}

function sourceFromProdId(prodId: string | null): Source {
  const p = (prodId ?? '').toLowerCase();
  if (p.includes('airbnb')) return 'airbnb';
  if (p.includes('booking.com')) return 'booking';
  if (p.includes('vrbo') || p.includes('homeaway')) return 'vrbo';
  return 'other';
}

/**
 * Reads and discards what is left of a request body, up to `cap` bytes. A request answered before
 * its body was read leaves the connection unusable for the client's next request (Node closes it
 * without a `Connection: close`), so a 413 drains what a real client sends.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, cap: number) {
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

const DRAIN_CAP = 16 * 1024 * 1024;

async function readRequestText(req: Request): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const tooLarge = new HttpError(413, 'payload_too_large', 'The request is larger than 2 MB');
  const declared = Number(req.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > MAX_BODY) {
    await drain(reader, DRAIN_CAP);
    throw tooLarge;
  }
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY) {
      await drain(reader, DRAIN_CAP);
      throw tooLarge;
    }
    text += decoder.decode(value, { stream: true });
  }
}

async function readRequest(req: Request) {
  const text = await readRequestText(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body must be JSON');
  }
  const parsed = request.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'body';
    throw new HttpError(400, 'invalid_request', `${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

async function requireImporter(caller: SupabaseClient, req: Request) {
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
  if (!token) throw new HttpError(401, 'unauthorized', 'Sign in first');
  const { data, error } = await caller.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'unauthorized', 'Sign in first');
  const { data: allowed, error: rpcError } = await caller.rpc('has_permission', {
    permission_key: 'reservations.manage',
  });
  if (rpcError) throw new Error(`has_permission failed: ${rpcError.message}`);
  if (allowed !== true) {
    throw new HttpError(
      403,
      'forbidden',
      'Importing reservations needs the reservations.manage permission',
    );
  }
}

interface Feed {
  id: string;
  property_id: string;
  url: string;
  source: Source;
}

async function savedFeed(caller: SupabaseClient, id: string): Promise<Feed> {
  const { data, error } = await caller
    .from('property_ical_feeds')
    .select('id, property_id, url, source')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`reading the feed failed: ${error.message}`);
  if (!data) throw new HttpError(404, 'feed_not_found', 'No such feed');
  return data as Feed;
}

async function saveFeed(
  caller: SupabaseClient,
  propertyId: string,
  url: string,
  src: Source,
): Promise<Feed> {
  const { data, error } = await caller
    .from('property_ical_feeds')
    .upsert({ property_id: propertyId, url, source: src }, { onConflict: 'property_id,url' })
    .select('id, property_id, url, source')
    .single();
  if (error) {
    if (error.code === '23503') throw new HttpError(404, 'property_not_found', 'No such property');
    if (error.code === '23514')
      throw new HttpError(400, 'invalid_url', 'The feed URL cannot be saved');
    throw new Error(`saving the feed failed: ${error.message}`);
  }
  return data as Feed;
}

async function recordSync(
  caller: SupabaseClient,
  feedId: string,
  outcome: { report?: unknown; error?: string },
) {
  await caller
    .from('property_ical_feeds')
    .update({
      last_synced_at: new Date().toISOString(),
      last_status: outcome.error ? 'error' : 'ok',
      last_error: outcome.error ? outcome.error.slice(0, 2000) : null,
      ...(outcome.report !== undefined ? { last_report: outcome.report } : {}),
    })
    .eq('id', feedId);
}

async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
  const policy = parsePolicy(Deno.env.get('ICAL_ALLOW_PRIVATE_NETWORK'));
  const caller = callerClient(req);
  await requireImporter(caller, req);
  const input = await readRequest(req);

  let feed: Feed | null = null;
  if (input.feed_id) feed = await savedFeed(caller, input.feed_id);
  else if (input.url !== undefined) {
    const url = feedUrl(input.url);
    // A URL the server may never fetch is not saved either (it would be fetched on every sync).
    await resolveChecked(url, policy);
    feed = await saveFeed(
      caller,
      input.property_id!,
      url.toString(),
      input.source ?? sourceFromUrl(url),
    );
  }
  const propertyId = feed?.property_id ?? input.property_id!;
  const fullSync = input.full_sync ?? feed !== null;

  try {
    let text: string;
    if (feed) text = (await fetchFeed(feed.url, FEED_LIMITS, policy)).text;
    else {
      text = input.ics!;
      if (new TextEncoder().encode(text).byteLength > FEED_LIMITS.maxBytes) {
        throw new HttpError(
          413,
          'feed_too_large',
          `The calendar is larger than ${FEED_LIMITS.maxBytes} bytes`,
        );
      }
    }
    let calendar: IcsCalendar;
    try {
      calendar = parseIcs(text);
    } catch (e) {
      if (e instanceof IcsError) throw new HttpError(422, 'not_icalendar', e.message);
      throw e;
    }
    const src = feed?.source ?? input.source ?? sourceFromProdId(calendar.prodId);
    // Recurring events become their occurrences from a month ago to two years ahead.
    const prepared = prepareImport(calendar, { window: importWindow() });
    const {
      data: report,
      error,
      status,
    } = await caller.rpc('import_reservations', {
      property_id: propertyId,
      source: src,
      events: prepared.events,
      full_sync: fullSync,
    });
    if (error) {
      if (status >= 400 && status < 500) {
        throw new HttpError(
          status === 401 ? 403 : status,
          error.code || 'import_refused',
          error.message,
        );
      }
      throw new Error(`import_reservations failed: ${error.message}`);
    }
    if (feed) await recordSync(caller, feed.id, { report });
    return ok({
      property_id: propertyId,
      feed_id: feed?.id ?? null,
      source: src,
      full_sync: fullSync,
      parsed: {
        events: prepared.events.length,
        skipped: prepared.skipped,
        problems: prepared.problems,
        warnings: prepared.warnings,
      },
      report,
    });
  } catch (e) {
    if (feed) {
      const message = e instanceof HttpError ? e.message : 'Internal error';
      await recordSync(caller, feed.id, { error: message }).catch(() => undefined);
    }
    throw e;
  }
}

Deno.serve(async (req) => preflight(req) ?? handle(req).catch(errorResponse));
