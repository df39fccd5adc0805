// "Items not in use" (inventory.manage), folded below the items list: read when opened; each opens
// its detail, whose "Edit" puts it back in use.
import { useState } from 'react';
import { useT } from '@/lib/i18n/catalog';
import { useInactiveItems } from '../api/get-inactive-items';
import { messages } from '../messages';
import { manageMessages } from '../manage/messages';

export function InactiveItems({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const [open, setOpen] = useState(false);
  const items = useInactiveItems(open);
  return (
    <details
      className="text-sm"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="text-muted-foreground cursor-pointer">
        {tm('manage.inactiveList')}
      </summary>
      {items.isPending && open ? (
        <p className="text-muted-foreground mt-2">{t('list.loading')}</p>
      ) : null}
      {items.isError ? (
        <p role="alert" className="text-destructive mt-2">
          {t('list.failed')}
        </p>
      ) : null}
      {items.data && items.data.length === 0 ? (
        <p className="text-muted-foreground mt-2">{tm('manage.inactiveNone')}</p>
      ) : null}
      <ul className="mt-2 space-y-1">
        {(items.data ?? []).map((i) => (
          <li key={i.id}>
            <button
              type="button"
              className="underline-offset-4 hover:underline"
              onClick={() => onOpen(i.id)}
            >
              {i.sku ? `${i.name} (${i.sku})` : i.name}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
