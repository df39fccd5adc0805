// The one database interface every server module uses, so PGlite and PostgreSQL are interchangeable.

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
  fields: Field[];
}

export interface Queryable {
  /** One statement with $n parameters (extended protocol). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements, no parameters (simple protocol). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Errors raised by Postgres carry the SQLSTATE and the usual fields on both adapters. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
