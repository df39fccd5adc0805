// POST /realtime/v1/api/broadcast — Realtime's REST broadcast, what supabase-js calls for
// `send()` on a channel that is not subscribed ({messages: [{topic, event, payload, private}]})
// and POST /realtime/v1/api/broadcast/{topic}/events/{event}[?private=true] for
// `channel.httpSend()`. The caller is who its apikey / Authorization token say (as a socket join);
// a private message needs the realtime.messages INSERT policy for its topic (Hub.topicAccess, the
// same check a socket join uses). Delivered messages go through Hub.broadcast like a socket
// broadcast. Answers 202 with an empty body. See docs/local-backend.md.
import type { IncomingMessage } from 'node:http';
import { BodyTooLarge, lingeringClose, readCapped } from '../gateway/body-limit.ts';
import { Hono, type Context } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';
import { apikeyFailureBody } from '../gateway/context.ts';
import type { Hub } from './hub.ts';
import type { BroadcastBody } from './ports.ts';
import { identityFromApikey, resolveAccessToken, type Identity } from './tokens.ts';
import { MAX_PAYLOAD_BYTES } from './limits.ts';

/** Headers a private channel's policies may read through request.headers (never credentials). */
export const HIDDEN_HEADERS = new Set([
  'authorization',
  'cookie',
  'apikey',
  'x-api-key',
  'sec-websocket-key',
  'sec-websocket-protocol',
]);

export function visibleHeaders(
  entries: Iterable<[string, string | string[] | undefined]>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of entries) {
    const name = k.toLowerCase();
    if (!HIDDEN_HEADERS.has(name) && typeof v === 'string') headers[name] = v;
  }
  return headers;
}

const MAX_MESSAGES = 100;

interface Outgoing {
  topic: string;
  isPrivate: boolean;
  body: BroadcastBody;
}

type Caller = { ok: true; identity: Identity } | { ok: false; response: Response };

export function createRestBroadcast(deps: ServiceDeps, hub: Hub) {
  const app = new Hono();

  async function caller(c: Context): Promise<Caller> {
    const apikey = c.req.header('apikey') ?? c.req.query('apikey') ?? c.req.header('x-api-key');
    if (!apikey) {
      return { ok: false, response: c.json(apikeyFailureBody({ kind: 'no_apikey' }), 401) };
    }
    const keyIdentity = await identityFromApikey(deps.keys, apikey);
    if (!keyIdentity) {
      return { ok: false, response: c.json(apikeyFailureBody({ kind: 'invalid_apikey' }), 401) };
    }
    const authz = c.req.header('authorization');
    const token = authz?.match(/^bearer\s+(.+)$/i)?.[1]?.trim();
    const resolved = await resolveAccessToken(deps.keys, keyIdentity, token ?? null);
    if (!resolved.ok) {
      return {
        ok: false,
        response: c.json({ message: resolved.message }, 401),
      };
    }
    return { ok: true, identity: resolved.identity };
  }

  /** Checks every private message's topic, then delivers all of them (nothing on a refusal). */
  async function deliver(c: Context, identity: Identity, messages: Outgoing[]) {
    const headers = visibleHeaders(Object.entries(c.req.header()));
    const checked = new Set<string>();
    for (const m of messages) {
      if (!m.isPrivate || checked.has(m.topic)) continue;
      const result = await hub.topicAccess(m.topic, identity, headers);
      if (!result.ok || !result.access.broadcastWrite) {
        const message = `You do not have permissions to write to this Channel topic: ${m.topic}`;
        return c.json({ message }, 403);
      }
      checked.add(m.topic);
    }
    for (const m of messages) {
      hub.broadcast(`${m.isPrivate ? 'private' : 'public'}:${m.topic}`, m.body, null, true);
    }
    return c.body(null, 202);
  }

  const badRequest = (c: Context, message: string) => c.json({ message }, 400);

  /** The body up to REALTIME_MAX_BODY_BYTES, or undefined past it (gateway/body-limit.ts). */
  const readBody = async (c: Context): Promise<Uint8Array | undefined> => {
    try {
      return await readCapped(c.req.raw.body, deps.config.bodyLimits.realtime);
    } catch (e) {
      if (e instanceof BodyTooLarge) return undefined;
      throw e;
    }
  };
  /** A body refused half-read: its rest is never read, so the connection closes. */
  const tooLarge = (c: Context) => {
    lingeringClose((c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket);
    c.header('Connection', 'close');
    return c.json({ message: 'Payload too large' }, 413);
  };

  // supabase-js send() on an unsubscribed channel: a batch of JSON messages.
  app.post('/api/broadcast', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.response;
    const bytes = await readBody(c);
    if (!bytes) return tooLarge(c);
    const text = new TextDecoder().decode(bytes);
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES * 2) {
      return c.json({ message: 'Payload too large' }, 413);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return badRequest(c, 'The request body must be JSON');
    }
    const list = (parsed as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_MESSAGES) {
      return badRequest(c, `"messages" must be a list of 1 to ${MAX_MESSAGES} messages`);
    }
    const messages: Outgoing[] = [];
    for (const raw of list) {
      const m = raw as Record<string, unknown> | null;
      if (!m || typeof m !== 'object' || Array.isArray(m)) {
        return badRequest(c, 'Each message must be an object');
      }
      if (typeof m.topic !== 'string' || m.topic === '') {
        return badRequest(c, 'Each message needs a "topic" string');
      }
      if (typeof m.event !== 'string' || m.event === '') {
        return badRequest(c, 'Each message needs an "event" string');
      }
      if (m.private !== undefined && typeof m.private !== 'boolean') {
        return badRequest(c, '"private" must be a boolean');
      }
      const payload = m.payload === undefined ? {} : m.payload;
      if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) {
        return c.json({ message: 'Payload too large' }, 413);
      }
      messages.push({
        topic: m.topic,
        isPrivate: m.private === true,
        body: { kind: 'json', payload: { type: 'broadcast', event: m.event, payload } },
      });
    }
    return deliver(c, who.identity, messages);
  });

  // channel.httpSend(): one message, JSON or bytes, topic and event in the path.
  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.response;
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    if (!topic || !event) return badRequest(c, 'A topic and an event are required');
    const isPrivate = c.req.query('private') === 'true';
    if (c.req.query('persist') !== undefined || c.req.query('persist[ttl]') !== undefined) {
      return badRequest(c, 'This local backend does not store broadcast messages (persist)');
    }
    const bytes = await readBody(c);
    if (!bytes) return tooLarge(c);
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (data.length > MAX_PAYLOAD_BYTES) {
      return c.json({ message: 'Payload too large' }, 413);
    }
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    let body: BroadcastBody;
    if (type.startsWith('application/octet-stream')) {
      body = { kind: 'user', event, encoding: 'binary', data };
    } else {
      let payload: unknown;
      try {
        payload = JSON.parse(data.toString('utf8'));
      } catch {
        return badRequest(c, 'The request body must be JSON');
      }
      body = { kind: 'json', payload: { type: 'broadcast', event, payload } };
    }
    return deliver(c, who.identity, [{ topic, isPrivate, body }]);
  });

  return app;
}
