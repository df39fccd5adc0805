// An item's par level and reorder threshold at one place (inventory.manage), pre-filled with what
// is set there (the place's stock read by location, kept on this device); below the threshold the
// place shows under low stock, ordered up to par.
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useT } from '@/lib/i18n/catalog';
import { placeStockQueryOptions } from '@/domain/inventory/reads';
import type { InventoryLocation, ItemRow } from '@/domain/inventory/types';
import { useSetPar } from '../api/set-par';
import { messages } from '../messages';
import { parSchema, type ParValues } from '../schemas';
import { locationOptions } from './location-options';

export function ParForm({
  item,
  locations,
}: {
  item: Pick<ItemRow, 'id' | 'name'>;
  locations: readonly InventoryLocation[];
}) {
  const t = useT(messages);
  const form = useForm<ParValues>({
    resolver: zodResolver(parSchema),
    defaultValues: { location_id: '', par_level: Number.NaN, reorder_threshold: Number.NaN },
  });
  const save = useSetPar();
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({ item: { name: item.name }, args: { ...v, item_id: item.id } }),
  );
  // Choosing a place fills in what is set there, once its stock is read: unless another place was
  // chosen or a figure typed meanwhile (what was typed stays), or it cannot be read (offline and
  // never kept on this device).
  const qc = useQueryClient();
  const onPlace = async (id: string) => {
    if (!id) return;
    const before = form.getValues(['par_level', 'reorder_threshold']);
    const here = await qc.fetchQuery(placeStockQueryOptions(id)).catch(() => undefined);
    const now = form.getValues(['location_id', 'par_level', 'reorder_threshold']);
    const same = (a: number, b: number) => Object.is(a, b);
    if (!here || now[0] !== id || !same(now[1], before[0]) || !same(now[2], before[1])) return;
    const s = here.rows.find((x) => x.item_id === item.id);
    form.setValue('par_level', s?.par_level ?? 0);
    form.setValue('reorder_threshold', s?.reorder_threshold ?? 0);
  };
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        onChange={(e) => {
          if (e.target instanceof HTMLSelectElement) void onPlace(e.target.value);
        }}
        noValidate
        aria-label={t('par.title')}
        className="grid gap-3 sm:grid-cols-3"
      >
        <SelectField
          control={form.control}
          name="location_id"
          label={t('par.place')}
          className="sm:col-span-3"
          options={[{ value: '', label: t('form.choosePlace') }, ...locationOptions(locations)]}
        />
        <NumberField control={form.control} name="par_level" label={t('par.parLevel')} min={0} />
        <NumberField
          control={form.control}
          name="reorder_threshold"
          label={t('par.threshold')}
          min={0}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={save.isPending}>
            {t('par.save')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
