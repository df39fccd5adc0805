// A list read one page at a time (docs/adding-an-area.md, step 4, "A list that can grow"):
// PostgREST's range and its exact count, asked with `{ count: 'exact' }`.
import type { PostgrestError } from '@supabase/supabase-js';
import { fetchOrThrow } from './errors';

/** A counted, ranged read's rows and exact total (the rows' number when no count came). */
export async function pageOf<R>(
  query: PromiseLike<{ data: R[] | null; error: PostgrestError | null; count: number | null }>,
): Promise<{ rows: R[]; total: number }> {
  return fetchOrThrow(async () => {
    const { data, error, count } = await query;
    return { data: data ? { rows: data, total: count ?? data.length } : null, error };
  });
}

/** The rows of page `page` (from 1) of `size` rows, for a range read. */
export const rangeOf = (p: { page: number; size: number }) =>
  [(p.page - 1) * p.size, p.page * p.size - 1] as const;
