// What the receive and transfer forms share: where a refusal of the ledger goes (docs/inventory.md
// "Errors": an unknown item under the item, not enough stock or a bad quantity under the quantity,
// a place that cannot take it under the place; anything else, no right or no connection, is the
// hook's toast), and the call a form's values make (a note only when one was written).
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { QueryError } from '@/lib/errors';
import type { WriteResult } from '@/offline/write';
import type { MutationCallbacks } from '@/lib/use-app-mutation';

function fieldOfRefusal<F extends string>(
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

/** The form's callbacks: done on success, a refusal under its field (what was typed stays). */
export function refusalsUnderFields<T extends FieldValues, V>(
  form: UseFormReturn<T>,
  fields: { item: FieldPath<T>; quantity: FieldPath<T>; place: FieldPath<T> },
  onDone: () => void,
): MutationCallbacks<WriteResult, V> {
  return {
    onSuccess: onDone,
    onError: (e) => {
      const refusal = fieldOfRefusal(e, fields);
      if (refusal)
        form.setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
      return refusal !== null;
    },
  };
}

/** The call a form's values make: the item's name for the queue's label, the function's args. */
export function callOf<V extends { item_id: string; reason: string }>(
  items: readonly { id: string; name: string }[],
  { reason, ...args }: V,
) {
  const name = items.find((i) => i.id === args.item_id)?.name ?? '';
  return { item: { name }, args: { ...args, ...(reason ? { reason } : {}) } };
}
