// The locations screen (`?view=locations`, docs/inventory.md "Managing items and places"): the
// warehouses, the vans with their driver, and the villas a page at a time (searchable by name),
// each with how many items it holds, the units on hand and the lines below par; "New warehouse",
// "New van", and a warehouse's or van's edit (rename, driver, in use) for inventory.manage. One
// place opens in place of the lists (`&location=<id>`: ./place-stock.tsx).
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import type { StaffNames } from '@/domain/staff/names';
import { useStores, useVillaPlaces, VILLA_PAGE, type PlaceSummary } from '../api/get-places';
import { messages } from '../messages';
import { manageMessages } from '../manage/messages';
import type { PlaceValues } from '../schemas';
import { PlaceForm } from './place-form';

type Editing = { id?: string; initial: PlaceValues } | null;

export function LocationsView({
  q,
  page,
  staff,
  onChange,
  onOpen,
}: {
  /** The villas' search and page (the address's `vq` and `vpage`). */
  q: string;
  page: number;
  staff: StaffNames;
  onChange: (changes: Record<string, string | null>) => void;
  onOpen: (locationId: string) => void;
}) {
  const tm = useT(manageMessages);
  const canManage = hasPermission(useAuth().permissions, 'inventory.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useState(q);
  const stores = useStores();
  const villas = useVillaPlaces({ q, page });
  const all = stores.data ?? [];
  const warehouses = all.filter((p) => p.kind === 'warehouse');
  const vans = all.filter((p) => p.kind === 'van');
  const pages = Math.max(1, Math.ceil((villas.data?.total ?? 0) / VILLA_PAGE));
  const startNew = (kind: PlaceValues['kind']) =>
    setEditing({ initial: { kind, name: '', holder_id: '', active: true } });
  const edit = (p: PlaceSummary) =>
    setEditing({
      id: p.id,
      initial: {
        kind: p.kind === 'van' ? 'van' : 'warehouse',
        name: p.name,
        holder_id: p.holder_id ?? '',
        active: p.active,
      },
    });

  return (
    <div className="space-y-6">
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => startNew('warehouse')}>
            <Plus aria-hidden /> {tm('locations.newWarehouse')}
          </Button>
          <Button variant="outline" onClick={() => startNew('van')}>
            <Plus aria-hidden /> {tm('locations.newVan')}
          </Button>
        </div>
      ) : null}
      {editing ? (
        <section className="space-y-3 rounded-md border p-3">
          <PlaceForm
            key={editing.id ?? editing.initial.kind}
            {...(editing.id ? { id: editing.id } : {})}
            initial={editing.initial}
            onDone={() => setEditing(null)}
          />
        </section>
      ) : null}
      {stores.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {tm('locations.failed')}
        </p>
      ) : null}
      <PlaceTable
        title={tm('locations.warehouses')}
        places={warehouses}
        loading={stores.isPending}
        onOpen={onOpen}
        onEdit={canManage ? edit : undefined}
      />
      <PlaceTable
        title={tm('locations.vans')}
        places={vans}
        loading={stores.isPending}
        driver={(p) => (p.holder_id ? (staff[p.holder_id] ?? tm('locations.formerDriver')) : '')}
        onOpen={onOpen}
        onEdit={canManage ? edit : undefined}
      />
      <section className="space-y-2" aria-labelledby="inv-villas-heading">
        <h2 id="inv-villas-heading" className="text-lg font-semibold">
          {tm('locations.villas')}
        </h2>
        <form
          role="search"
          className="flex max-w-md items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ vq: search.trim() || null, vpage: null });
          }}
        >
          <div className="flex-1 space-y-1">
            <label htmlFor="inv-villa-search" className="text-muted-foreground text-xs">
              {tm('locations.searchVillas')}
            </label>
            <Input
              id="inv-villa-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            {tm('locations.search')}
          </Button>
        </form>
        {villas.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {tm('locations.failed')}
          </p>
        ) : null}
        <PlaceTable
          title={tm('locations.villas')}
          hideTitle
          places={villas.data?.rows ?? []}
          loading={villas.isPending}
          onOpen={onOpen}
        />
        <nav
          aria-label={tm('locations.villaPages')}
          className="flex items-center justify-between gap-2 text-sm"
        >
          <Button
            size="sm"
            variant="outline"
            disabled={page <= 1}
            onClick={() => onChange({ vpage: page - 1 > 1 ? String(page - 1) : null })}
          >
            <ChevronLeft aria-hidden /> {tm('locations.previous')}
          </Button>
          <span role="status" className="text-muted-foreground">
            {tm('locations.page', { page, pages, total: villas.data?.total ?? 0 })}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => onChange({ vpage: String(page + 1) })}
          >
            {tm('locations.next')} <ChevronRight aria-hidden />
          </Button>
        </nav>
      </section>
    </div>
  );
}

function PlaceTable({
  title,
  hideTitle = false,
  places,
  loading,
  driver,
  onOpen,
  onEdit,
}: {
  title: string;
  hideTitle?: boolean;
  places: readonly PlaceSummary[];
  loading: boolean;
  driver?: (p: PlaceSummary) => string;
  onOpen: (id: string) => void;
  onEdit?: ((p: PlaceSummary) => void) | undefined;
}) {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const table = (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={title}>
        <thead className="text-muted-foreground text-left text-xs">
          <tr>
            <th scope="col" className="py-1 pr-2 font-normal">
              {tm('locations.place')}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-normal">
              {tm('locations.items')}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-normal">
              {tm('locations.onHand')}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-normal">
              {tm('locations.belowPar')}
            </th>
            {onEdit ? (
              <th scope="col" className="py-1 font-normal">
                <span className="sr-only">{tm('locations.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {places.map((p) => (
            <tr key={p.id} className="border-t align-top">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                <button
                  type="button"
                  className="text-left font-medium underline-offset-4 hover:underline"
                  onClick={() => onOpen(p.id)}
                >
                  {p.name}
                </button>
                {driver?.(p) ? (
                  <span className="text-muted-foreground block text-xs">
                    {tm('locations.drivenBy', { name: driver(p) })}
                  </span>
                ) : null}
                {p.active ? null : (
                  <Badge variant="outline" className="ml-1">
                    {tm('locations.inactive')}
                  </Badge>
                )}
              </th>
              <td className="py-1.5 pr-2 text-right tabular-nums">{p.lines}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{p.units}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">
                {p.belowPar > 0 ? <Badge variant="destructive">{p.belowPar}</Badge> : 0}
              </td>
              {onEdit ? (
                <td className="py-1 text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={tm('locations.editNamed', { name: p.name })}
                    onClick={() => onEdit(p)}
                  >
                    {tm('locations.edit')}
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {loading ? (
        <p className="text-muted-foreground text-sm">{t('list.loading')}</p>
      ) : places.length === 0 ? (
        <p className="text-muted-foreground text-sm">{tm('locations.none')}</p>
      ) : null}
    </div>
  );
  if (hideTitle) return table;
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {table}
    </section>
  );
}
