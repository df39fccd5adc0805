// The replay's decisions (docs/offline.md rule 4) on answers shaped as PostgREST, Storage and GoTrue
// send them: what is retried and when, what is refused and why, and how an empty answer to an
// update is told apart (applied before / conflict / gone). The network itself is proven in
// e2e/offline.spec.ts and the soak benchmark.
import { describe, expect, it } from 'vitest';
import type { QueueEntry } from './queue-entry';
import {
  backoffDelay,
  BACKOFF_CAP_MS,
  classify,
  CONFLICT_MESSAGE,
  errorFromResponse,
  GONE_MESSAGE,
  parseRetryAfter,
  requestTimeoutMs,
  send,
  withDeadline,
} from './replay';

const entry = (over: Partial<QueueEntry> = {}): QueueEntry => ({
  id: 1,
  method: 'PATCH',
  url: 'http://api.test/rest/v1/reservations?id=eq.r1&select=id',
  timestamp: 0,
  mutationId: '7b0f5f7e-3c1e-4c59-9d43-0b8f1d9c2a11',
  userId: 'u1',
  target: { kind: 'table', name: 'reservations', rowId: 'r1', op: 'update' },
  headers: { 'Content-Type': 'application/json' },
  body: '{"status":"cancelled"}',
  label: 'Cancel stay',
  expectRow: true,
  attempts: 0,
  nextAttemptAt: 0,
  status: 'pending',
  lastError: null,
  ...over,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** A stand-in server answering by URL, recording what was sent. */
function server(answer: (url: string, init?: RequestInit) => Response) {
  const seen: { url: string; headers: Headers }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push({ url, headers: new Headers(init?.headers) });
    return answer(url, init);
  }) as typeof globalThis.fetch;
  const deps = {
    session: async () => null,
    refresh: async () => null,
    apiKey: 'key',
    supabaseUrl: 'http://api.test',
  };
  return { s: { deps, fetch }, seen };
}

describe('classify', () => {
  it.each([
    [200, 'applied'],
    [201, 'applied'],
    [204, 'applied'],
    [401, 'unauthorized'],
    [408, 'retry'],
    [425, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [409, 'rejected'],
    [413, 'rejected'],
  ])('%i -> %s', (status, kind) => expect(classify(status)).toBe(kind));
});

describe('back-off', () => {
  it('doubles from 1 s with jitter in the upper half, capped at 5 min', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(4, () => 1)).toBe(8000);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('errorFromResponse', () => {
  it('keeps PostgREST, Storage and GoTrue codes and messages', async () => {
    expect(
      await errorFromResponse(
        json(409, { code: '23505', message: 'duplicate key', details: null, hint: null }),
      ),
    ).toEqual({ status: 409, code: '23505', message: 'duplicate key' });
    expect(
      await errorFromResponse(
        json(400, { statusCode: '403', error: 'Unauthorized', message: 'new row violates' }),
      ),
    ).toEqual({ status: 400, code: 'Unauthorized', message: 'new row violates' });
    expect(
      await errorFromResponse(json(422, { code: 422, error_code: 'weak_password', msg: 'Weak' })),
    ).toEqual({ status: 422, code: 'weak_password', message: 'Weak' });
    expect(await errorFromResponse(new Response('Bad Gateway', { status: 502 }))).toEqual({
      status: 502,
      message: 'Bad Gateway',
    });
  });
});

describe('send', () => {
  it('builds Authorization, apikey and X-Mutation-Id at send time', async () => {
    const { s, seen } = server(() => json(200, [{ id: 'r1' }]));
    expect(await send(s, entry(), 'token-now')).toEqual({ kind: 'applied' });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-now');
    expect(seen[0]!.headers.get('apikey')).toBe('key');
    expect(seen[0]!.headers.get('x-mutation-id')).toBe(entry().mutationId);
  });

  it('a network failure is retried', async () => {
    const s = {
      deps: server(() => json(200, [])).s.deps,
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    };
    const out = await send(s, entry(), 't');
    expect(out.kind).toBe('retry');
  });

  it('a request with no answer is given up at its deadline and retried', async () => {
    // A connection the network swallowed: nothing comes back until the request is aborted.
    const hung = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
      })) as typeof fetch;
    const s = { deps: server(() => json(200, [])).s.deps, fetch: withDeadline(hung, 20) };
    const out = await send(s, entry(), 't');
    expect(out).toMatchObject({ kind: 'retry', error: { message: /No connection/ } });
  });

  it('gives a larger body more time: a second per 64 KiB', () => {
    expect(requestTimeoutMs(undefined)).toBe(30_000);
    expect(requestTimeoutMs('{"status":"cancelled"}')).toBe(31_000);
    expect(requestTimeoutMs(new Blob([new Uint8Array(5 * 1024 * 1024)]))).toBe(30_000 + 80_000);
  });

  it('429 with Retry-After waits as told', async () => {
    const { s } = server(() => json(429, { message: 'slow down' }, { 'Retry-After': '2' }));
    expect(await send(s, entry(), 't')).toMatchObject({ kind: 'retry', retryAfterMs: 2000 });
  });

  it('an empty answer whose mutation is recorded was applied before', async () => {
    const { s, seen } = server((url) =>
      url.includes('/sync_mutations') ? json(200, [{ mutation_id: 'm' }]) : json(200, []),
    );
    expect(await send(s, entry(), 't')).toEqual({ kind: 'applied' });
    expect(seen[1]!.url).toContain(`mutation_id=eq.${entry().mutationId}`);
  });

  it('an empty answer to a state transition on a row that still exists is a conflict', async () => {
    const { s } = server((url) =>
      url.includes('/sync_mutations')
        ? json(200, [])
        : url.includes('select=updated_at')
          ? json(200, [{ updated_at: 'later' }])
          : json(200, []),
    );
    expect(await send(s, entry({ baseVersion: 'v1' }), 't')).toEqual({
      kind: 'rejected',
      error: { status: 409, code: 'CONFLICT', message: CONFLICT_MESSAGE },
    });
  });

  it('an empty answer on a missing row is gone, except for a delete', async () => {
    const { s } = server(() => json(200, []));
    expect(await send(s, entry(), 't')).toEqual({
      kind: 'rejected',
      error: { status: 404, code: 'GONE', message: GONE_MESSAGE },
    });
    const del = entry({
      method: 'DELETE',
      target: { kind: 'table', name: 'reservations', rowId: 'r1', op: 'delete' },
    });
    expect(await send(s, del, 't')).toEqual({ kind: 'applied' });
  });

  it('a cut-off answer to a write that must change a row is asked again', async () => {
    const { s } = server(() => new Response('[{"id":', { status: 200 }));
    expect((await send(s, entry(), 't')).kind).toBe('retry');
  });
});
