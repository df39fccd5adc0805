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
  /**
   * True inside a PostgreSQL transaction: a statement is written to the server at once, without
   * waiting for the answers to the ones sent before it (the server runs them in order, and after
   * a failed one the rest of the transaction fails with 25P02). A caller may send a statement
   * without awaiting it and await the next: one network round trip for both. Its promise must
   * still be awaited (or given a catch) so its error is not lost.
   */
  readonly pipelined?: boolean;
  /**
   * PostgreSQL (a pipelined transaction) only: sends COMMIT now, behind the statements already
   * sent and without waiting for their answers, so the whole transaction is one round trip. The
   * transaction then ends with it: if a statement before it fails, the server turns the COMMIT
   * into a rollback; the transaction's own COMMIT or ROLLBACK is not sent. Only for a caller that
   * will not need to undo what its statements did once it sees their answers (or that makes a
   * statement fail on purpose, in SQL, before the COMMIT to undo them). Absent on PGlite.
   */
  readonly commitNow?: () => void;
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
