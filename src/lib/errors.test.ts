import { describe, expect, it } from 'vitest';
import { errorMessage, fetchOrThrow, QueryError, runQuery } from './errors';

const at = () => new Date('2026-11-21T10:00:00.000Z');

describe('runQuery', () => {
  it('passes data through with an ISO timestamp', async () => {
    expect(await runQuery(Promise.resolve({ data: [1], error: null }), at)).toEqual({
      data: [1],
      error: null,
      timestamp: '2026-11-21T10:00:00.000Z',
    });
  });

  it("keeps the database error's code and message", async () => {
    const r = await runQuery(
      Promise.resolve({ data: null, error: { code: '42501', message: 'permission denied' } }),
      at,
    );
    expect(r.error).toEqual({ code: '42501', message: 'permission denied' });
    expect(r.timestamp).toBe('2026-11-21T10:00:00.000Z');
  });

  it("falls back to QUERY_ERROR and 'Database query failed'", async () => {
    const r = await runQuery(Promise.resolve({ data: null, error: { code: '', message: '' } }));
    expect(r.error).toEqual({ code: 'QUERY_ERROR', message: 'Database query failed' });
    expect(new Date(r.timestamp).toISOString()).toBe(r.timestamp);
  });

  it('reports NO_DATA when the result is null', async () => {
    const r = await runQuery(Promise.resolve({ data: null, error: null }), at);
    expect(r.error).toEqual({ code: 'NO_DATA', message: 'No data returned from query' });
  });

  it('reports UNEXPECTED_ERROR for a thrown error, with its message or the default', async () => {
    const boom = await runQuery(() => Promise.reject(new Error('fetch failed')), at);
    expect(boom.error).toEqual({ code: 'UNEXPECTED_ERROR', message: 'fetch failed' });
    const silent = await runQuery(() => Promise.reject(42), at);
    expect(silent.error).toEqual({
      code: 'UNEXPECTED_ERROR',
      message: 'An unexpected error occurred',
    });
  });
});

describe('fetchOrThrow and errorMessage', () => {
  it('returns the data or throws a QueryError carrying the code', async () => {
    expect(await fetchOrThrow(Promise.resolve({ data: 'ok', error: null }))).toBe('ok');
    await expect(
      fetchOrThrow(Promise.resolve({ data: null, error: { code: 'PGRST116', message: 'none' } })),
    ).rejects.toMatchObject({ name: 'QueryError', code: 'PGRST116', message: 'none' });
    await expect(fetchOrThrow(Promise.resolve({ data: null, error: null }))).rejects.toBeInstanceOf(
      QueryError,
    );
  });

  it("prefers the server's message over the fallback", () => {
    expect(errorMessage(new Error('Invalid login credentials'), 'Failed to sign in')).toBe(
      'Invalid login credentials',
    );
    expect(errorMessage({ message: 'from a plain object' }, 'x')).toBe('from a plain object');
    expect(errorMessage(new Error(''), 'Failed to sign in')).toBe('Failed to sign in');
    expect(errorMessage(undefined, 'Failed to sign in')).toBe('Failed to sign in');
    expect(errorMessage(new Error('{}'), 'Failed to sign in')).toBe('Failed to sign in');
    expect(errorMessage(new Error('  '), 'Failed to create account')).toBe(
      'Failed to create account',
    );
  });
});
