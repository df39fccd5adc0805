// Which field of a stock form a refusal of the ledger belongs under (docs/inventory.md "Errors"):
// an unknown item under the item, not enough stock or a bad quantity under the quantity, a place
// that cannot take it under the place. Anything else (no right, no connection) is the hook's toast.
import { QueryError } from '@/lib/errors';

export function fieldOfRefusal<F extends string>(
  e: unknown,
  fields: { item: F; quantity: F; place: F },
): { field: F; message: string } | null {
  if (!(e instanceof QueryError)) return null;
  if (e.code === 'PT404') return { field: fields.item, message: e.message };
  if (e.code === '23514') return { field: fields.quantity, message: e.message };
  if (e.code === '22023')
    return {
      field: /warehouse|location|place/i.test(e.message) ? fields.place : fields.quantity,
      message: e.message,
    };
  return null;
}
