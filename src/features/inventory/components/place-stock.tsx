// One place's stock (`?view=locations&location=<id>`): each item there with what is on hand, its
// par level and reorder threshold (below par and low flagged), a link to the item's detail, and
// for inventory.manage the levels' edit on the line (inventory_set_par: ../api/set-par.ts).
import { ChevronLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberField } from '@/components/form/number-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { locationKindLabel } from '@/domain/inventory/labels';
import { isBelowPar, isLow } from '@/domain/inventory/types';
import type { StaffNames } from '@/domain/staff/names';
import { usePlace, type PlaceLine } from '../api/get-places';
import { useSetPar } from '../api/set-par';
import { messages } from '../messages';
import { manageMessages } from '../manage/messages';
import { parSchema, type ParValues } from '../schemas';

export function PlaceStock({
  id,
  staff,
  onBack,
  onOpenItem,
}: {
  id: string;
  staff: StaffNames;
  onBack: () => void;
  onOpenItem: (itemId: string) => void;
}) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const canManage = hasPermission(useAuth().permissions, 'inventory.manage');
  const place = usePlace(id);
  const [editing, setEditing] = useState<string | null>(null);
  const p = place.data ?? null;
  const below = p ? p.lines.filter(isBelowPar).length : 0;
  return (
    <section className="space-y-3" aria-labelledby="inv-place-heading">
      <Button size="sm" variant="ghost" onClick={onBack}>
        <ChevronLeft aria-hidden /> {tm('locations.back')}
      </Button>
      <h2 id="inv-place-heading" className="text-lg font-semibold">
        {p?.name ?? tm('locations.place')}
      </h2>
      {place.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {tm('locations.placeFailed')}
        </p>
      ) : null}
      {place.isSuccess && !p ? (
        <p className="text-muted-foreground text-sm">{tm('locations.notFound')}</p>
      ) : null}
      {p ? (
        <>
          <p className="text-muted-foreground text-sm">
            {[
              locationKindLabel(p.kind),
              p.holder_id && staff[p.holder_id]
                ? tm('locations.drivenBy', { name: staff[p.holder_id] ?? '' })
                : '',
              tm('locations.summary', { count: p.lines.length, below }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className="overflow-x-auto">
            <table
              className="w-full text-sm"
              aria-label={tm('locations.stockOf', { name: p.name })}
            >
              <thead className="text-muted-foreground text-left text-xs">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-normal">
                    {t('detail.item')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-normal">
                    {t('detail.onHand')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-normal">
                    {t('detail.par')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-normal">
                    {t('detail.threshold')}
                  </th>
                  {canManage ? (
                    <th scope="col" className="py-1 font-normal">
                      <span className="sr-only">{tm('locations.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {p.lines.map((l) => (
                  <LineRow
                    key={l.id}
                    line={l}
                    canManage={canManage}
                    editing={editing === l.id}
                    onEdit={() => setEditing(editing === l.id ? null : l.id)}
                    onOpenItem={onOpenItem}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {p.lines.length === 0 ? (
            <p className="text-muted-foreground text-sm">{tm('locations.empty')}</p>
          ) : null}
        </>
      ) : place.isPending ? (
        <p className="text-muted-foreground text-sm">{t('list.loading')}</p>
      ) : null}
    </section>
  );
}

function LineRow({
  line,
  canManage,
  editing,
  onEdit,
  onOpenItem,
}: {
  line: PlaceLine;
  canManage: boolean;
  editing: boolean;
  onEdit: () => void;
  onOpenItem: (itemId: string) => void;
}) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const columns = canManage ? 5 : 4;
  return (
    <>
      <tr className="border-t align-top">
        <th scope="row" className="py-1.5 pr-2 text-left font-normal">
          <button
            type="button"
            className="text-left font-medium underline-offset-4 hover:underline"
            onClick={() => onOpenItem(line.item_id)}
          >
            {line.item.name}
          </button>{' '}
          {isLow(line) ? (
            <Badge variant="destructive">{t('list.low')}</Badge>
          ) : isBelowPar(line) ? (
            <Badge variant="outline">{t('villa.belowPar')}</Badge>
          ) : null}
        </th>
        <td className="py-1.5 pr-2 text-right tabular-nums">
          {line.on_hand} <span className="text-muted-foreground text-xs">{line.item.unit}</span>
        </td>
        <td className="py-1.5 pr-2 text-right tabular-nums">{line.par_level}</td>
        <td className="py-1.5 pr-2 text-right tabular-nums">{line.reorder_threshold}</td>
        {canManage ? (
          <td className="py-1 text-right">
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={editing}
              aria-label={tm('locations.editLevels', { item: line.item.name })}
              onClick={onEdit}
            >
              {tm('locations.levels')}
            </Button>
          </td>
        ) : null}
      </tr>
      {editing ? (
        <tr>
          <td colSpan={columns} className="pb-2">
            <LevelsForm line={line} onDone={onEdit} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The par level and threshold of one line, as the item's par form sets them. */
function LevelsForm({ line, onDone }: { line: PlaceLine; onDone: () => void }) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const form = useForm<ParValues>({
    resolver: zodResolver(parSchema),
    defaultValues: {
      location_id: line.location_id,
      par_level: Number(line.par_level),
      reorder_threshold: Number(line.reorder_threshold),
    },
  });
  const save = useSetPar({ onSuccess: onDone });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({ item: { name: line.item.name }, args: { ...v, item_id: line.item_id } }),
  );
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={tm('locations.editLevels', { item: line.item.name })}
        className="grid gap-3 sm:grid-cols-3"
      >
        <NumberField control={form.control} name="par_level" label={t('par.parLevel')} min={0} />
        <NumberField
          control={form.control}
          name="reorder_threshold"
          label={t('par.threshold')}
          min={0}
        />
        <div className="flex items-end gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t('par.save')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
