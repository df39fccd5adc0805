// A field's message in the language of the moment (docs/i18n.md): a schema's message is a
// catalogue reference ('namespace:key', Catalog.ref), shown through translateRef; a server's
// refusal set on the field is shown through localizeServerMessage. The
// kit's FormMessage (components/ui/form.tsx, generated) shows the message as it is.
import { useFormField } from '@/components/ui/form';
import { translateRef, useLanguage } from '@/lib/i18n/catalog';
import { localizeServerMessage } from '@/lib/server-messages/localize';
import { cn } from '@/lib/utils';

export function FieldMessage({ className }: { className?: string }) {
  useLanguage();
  const { error, formMessageId } = useFormField();
  // A schema's reference, or a server's refusal put under the field (docs/i18n.md).
  const body = error?.message ? localizeServerMessage(translateRef(String(error.message))) : null;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={cn('text-sm text-destructive', className)}
    >
      {body}
    </p>
  );
}
