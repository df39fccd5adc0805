// An item's edit (`?view=edit-item&edit=<id>`, inventory.manage): its detail read (also an item no
// longer active, which the lists leave out), then the item form filled with it.
import { useT } from '@/lib/i18n/catalog';
import type { InventoryItem } from '@/domain/inventory/types';
import { useItem } from '../api/get-item';
import { messages } from '../messages';
import { manageMessages } from '../manage/messages';
import { itemValuesOf } from '../item-values';
import { ItemForm } from './item-form';

export function EditItem({
  id,
  items,
  onDone,
}: {
  id: string;
  items: readonly InventoryItem[];
  onDone: () => void;
}) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const detail = useItem(id);
  const item = detail.data?.row ?? null;
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">
        {item ? tm('manage.editNamed', { item: item.name }) : tm('manage.editTitle')}
      </h2>
      {item ? (
        <ItemForm key={id} id={id} initial={itemValuesOf(item)} items={items} onDone={onDone} />
      ) : detail.isError || (detail.isSuccess && !item) ? (
        <p role="alert" className="text-destructive text-sm">
          {t('detail.failed')}
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">{t('list.loading')}</p>
      )}
    </section>
  );
}
