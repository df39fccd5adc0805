// The query wrapper of docs/areas.md, spec §8: every data call ends as a result with a code, a message and
// an ISO timestamp; `unwrap` turns a failed result into a thrown QueryError so TanStack Query sees
// it (retries, error state) and mutation hooks can show its message.
import { messages } from './messages';

export interface QueryFailure {
  code: string;
  message: string;
}

export type QueryResult<T> =
  | { data: T; error: null; timestamp: string }
  | { data: null; error: QueryFailure; timestamp: string };

interface DbError {
  code?: string | null;
  message?: string | null;
}

interface DbResponse<T> {
  data: T | null;
  error: DbError | null;
}

export class QueryError extends Error {
  readonly code: string;
  readonly timestamp: string;
  constructor(failure: QueryFailure, timestamp: string) {
    super(failure.message);
    this.name = 'QueryError';
    this.code = failure.code;
    this.timestamp = timestamp;
  }
}

function messageOf(e: unknown): string | undefined {
  if (e instanceof Error && e.message) return e.message;
  if (typeof e === 'object' && e !== null && 'message' in e) {
    const m = (e as { message: unknown }).message;
    if (typeof m === 'string' && m) return m;
  }
  return undefined;
}

/** Runs a supabase-js query (or anything answering { data, error }) and classifies the outcome. */
export async function runQuery<T>(
  query: PromiseLike<DbResponse<T>> | (() => PromiseLike<DbResponse<T>>),
  now: () => Date = () => new Date(),
): Promise<QueryResult<T>> {
  try {
    const { data, error } = await (typeof query === 'function' ? query() : query);
    const timestamp = now().toISOString();
    if (error) {
      return {
        data: null,
        error: {
          code: error.code || 'QUERY_ERROR',
          message: error.message || messages.t('error.queryFailed'),
        },
        timestamp,
      };
    }
    if (data === null || data === undefined) {
      return {
        data: null,
        error: { code: 'NO_DATA', message: messages.t('error.noData') },
        timestamp,
      };
    }
    return { data, error: null, timestamp };
  } catch (e) {
    return {
      data: null,
      error: {
        code: 'UNEXPECTED_ERROR',
        message: messageOf(e) ?? messages.t('error.unexpected'),
      },
      timestamp: now().toISOString(),
    };
  }
}

export function unwrap<T>(result: QueryResult<T>): T {
  if (result.error) throw new QueryError(result.error, result.timestamp);
  return result.data;
}

/** runQuery + unwrap: the data, or a thrown QueryError. */
export async function fetchOrThrow<T>(
  query: PromiseLike<DbResponse<T>> | (() => PromiseLike<DbResponse<T>>),
): Promise<T> {
  return unwrap(await runQuery(query));
}

/**
 * The server's message when it gave a readable one, else the fallback (docs/areas.md, spec §8 toasts).
 * A bare JSON body (what supabase-js reports for an error answer with no message) is not one.
 */
export function errorMessage(e: unknown, fallback: string): string {
  const m = messageOf(e)?.trim();
  return m && !/^[[{]/.test(m) ? m : fallback;
}
