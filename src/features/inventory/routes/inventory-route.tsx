// Inventory (docs/inventory.md "Screens"): the items (search by name, SKU or barcode, category,
// low stock; what each holds in all), an item's detail beside the list (`?item=<id>`: its stock per
// place, par levels, its movements), low stock with the suggested order (`?view=low`), receiving a
// delivery (`?view=receive`, inventory.manage) and a transfer (`?view=transfer`, inventory.adjust),
// the CSV exports, count mode (`?view=count`) and the pick list for a range of turnovers
// (`?view=pick&from=&to=&villa=`), the locations with their stock (`?view=locations&location=`,
// villas paged by `vq` / `vpage`) and, for inventory.manage, a new item (`?view=new-item`) or an
// item's edit (`?view=edit-item&edit=<id>`). The items and places are kept on this device (field
// staff, offline); writes wait in the sync queue. Others' movements arrive live (realtime).
import { ArrowRightLeft, PackagePlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { FilterFoldButton, FilterFoldPanel } from '@/components/form/filter-fold';
import { useFilterFold } from '@/components/form/use-filter-fold';
import { PageHeader } from '@/components/page-header';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { useLiveUpdates } from '@/lib/live-updates';
import { hasAnyPermission, hasPermission } from '@/lib/permissions';
import { prefetchOnLoad } from '@/lib/route-loader';
import { paths } from '@/lib/routes';
import { inventoryKeys } from '@/domain/inventory/keys';
import { countLocationsQueryOptions } from '@/domain/inventory/count';
import { categoryLabel } from '@/domain/inventory/labels';
import { itemsQueryOptions, locationsQueryOptions } from '@/domain/inventory/reads';
import { CATEGORIES } from '@/domain/inventory/types';
import { useItems, useLocations } from '../api/get-items';
import { useStaffNames } from '../api/get-staff-names';
import { ExportButtons } from '../components/export-buttons';
import { CountLink } from '../components/count-link';
import { CountView } from '../components/count-view';
import { ItemDetailSheet } from '../components/item-detail';
import { EditItem } from '../components/edit-item';
import { InactiveItems } from '../components/inactive-items';
import { ItemForm } from '../components/item-form';
import { NEW_ITEM } from '../item-values';
import { ItemsView } from '../components/items-view';
import { LocationsView } from '../components/locations-view';
import { PlaceStock } from '../components/place-stock';
import { itemMatches } from '../item-filters';
import { LowStockView } from '../components/low-stock-view';
import { PickListView } from '../components/pick-list-view';
import { ReceiveForm } from '../components/receive-form';
import { TransferForm } from '../components/transfer-form';
import { pickListQueryOptions } from '../api/get-pick-list';
import { placeQueryOptions, storesQueryOptions } from '../api/get-places';
import { rangeFromParams } from '../pick-list';
import { messages } from '../messages';
import { manageMessages } from '../manage/messages';

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    if (params.get('view') === 'pick')
      prefetchOnLoad(queryClient, pickListQueryOptions(rangeFromParams(params)));
    if (params.get('view') === 'locations') {
      const location = params.get('location');
      if (location) prefetchOnLoad(queryClient, placeQueryOptions(location));
      else prefetchOnLoad(queryClient, storesQueryOptions());
    }
    prefetchOnLoad(queryClient, countLocationsQueryOptions());
    prefetchOnLoad(queryClient, locationsQueryOptions());
    return prefetchOnLoad(queryClient, itemsQueryOptions());
  };

const LIVE_TABLES = [{ table: 'inventory_stock' }, { table: 'inventory_movements' }];
const useLiveStock = () => useLiveUpdates('inventory-stock', LIVE_TABLES, [inventoryKeys.all]);

type View =
  'items' | 'low' | 'pick' | 'locations' | 'receive' | 'transfer' | 'new-item' | 'edit-item';

/**
 * /inventory: count mode (`?view=count`, for those who may count: ../components/count-view.tsx)
 * or the inventory screens. A view of this route, not a route of its own: a route's entry is in
 * the sign-in screen's download (src/lib/routes.ts).
 */
export function InventoryRoute() {
  const [params] = useSearchParams();
  const { permissions } = useAuth();
  if (params.get('view') === 'count' && hasPermission(permissions, 'inventory.adjust'))
    return <CountView />;
  return <InventoryScreen />;
}

function InventoryScreen() {
  const t = useT(messages);
  const tm = useT(manageMessages);
  const { permissions } = useAuth();
  const canReceive = hasPermission(permissions, 'inventory.manage');
  const canTransfer = hasAnyPermission(permissions, ['inventory.adjust', 'inventory.manage']);
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const canManage = canReceive;
  const editId = params.get('edit');
  const view: View =
    asked === 'low' ||
    asked === 'pick' ||
    asked === 'locations' ||
    (asked === 'new-item' && canManage) ||
    (asked === 'edit-item' && canManage && editId !== null) ||
    (asked === 'receive' && canReceive) ||
    (asked === 'transfer' && canTransfer)
      ? asked
      : 'items';
  // The search is typed here and kept in the address too (a reload keeps it); typing does not wait
  // for the address to change.
  const [q, setQ] = useState(() => params.get('q') ?? '');
  const filters = {
    q,
    category: params.get('category') ?? '',
    low: params.get('low') === '1',
  };
  const filterFold = useFilterFold();
  const items = useItems();
  const locations = useLocations();
  const staff = useStaffNames();
  useLiveStock();

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const all = items.data?.rows ?? [];
  const places = locations.data ?? [];
  const shown = all.filter((i) => itemMatches(i, filters));
  const views: { id: View; label: string }[] = [
    { id: 'items', label: t('view.items') },
    { id: 'low', label: t('view.low') },
    { id: 'pick', label: t('pickList.open') },
    { id: 'locations', label: tm('locations.open') },
  ];
  const villaPage = Math.max(1, Number.parseInt(params.get('vpage') ?? '1', 10) || 1);

  return (
    <div className="space-y-4">
      <PageHeader
        title={paths.inventory.title}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <CountLink />
            {canManage ? (
              <Button variant="outline" onClick={() => set({ view: 'new-item', item: null })}>
                <Plus aria-hidden /> {tm('manage.new')}
              </Button>
            ) : null}
            {canReceive ? (
              <Button onClick={() => set({ view: 'receive' })}>
                <PackagePlus aria-hidden /> {t('receive.open')}
              </Button>
            ) : null}
            {canTransfer ? (
              <Button variant="outline" onClick={() => set({ view: 'transfer' })}>
                <ArrowRightLeft aria-hidden /> {t('transfer.open')}
              </Button>
            ) : null}
          </div>
        }
      />
      <nav aria-label={t('view.views')} className="flex flex-wrap gap-1">
        {views.map((v) => (
          <Button
            key={v.id}
            size="sm"
            variant={v.id === view ? 'default' : 'outline'}
            aria-current={v.id === view ? 'page' : undefined}
            onClick={() =>
              set({ view: v.id === 'items' ? null : v.id, location: null, edit: null })
            }
          >
            {v.label}
          </Button>
        ))}
      </nav>
      {items.data?.fromDevice ? <DeviceCopyNote what={t('deviceCopy.items')} /> : null}
      {view === 'receive' ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">{t('receive.title')}</h2>
          <ReceiveForm items={all} locations={places} onDone={() => set({ view: null })} />
        </section>
      ) : null}
      {view === 'transfer' ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">{t('transfer.title')}</h2>
          <TransferForm items={all} locations={places} onDone={() => set({ view: null })} />
        </section>
      ) : null}
      {view === 'new-item' ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">{tm('manage.newTitle')}</h2>
          <ItemForm
            initial={NEW_ITEM}
            items={all}
            onDone={(id) => set({ view: null, item: id || null })}
          />
        </section>
      ) : null}
      {view === 'edit-item' && editId ? (
        <EditItem
          id={editId}
          items={all}
          onDone={() => set({ view: null, edit: null, item: editId })}
        />
      ) : null}
      {view === 'locations' ? (
        params.get('location') ? (
          <PlaceStock
            id={params.get('location') ?? ''}
            staff={staff.data ?? {}}
            onBack={() => set({ location: null })}
            onOpenItem={(id) => set({ item: id })}
          />
        ) : (
          <LocationsView
            q={params.get('vq') ?? ''}
            page={villaPage}
            staff={staff.data ?? {}}
            onChange={set}
            onOpen={(id) => set({ location: id })}
          />
        )
      ) : null}
      {view === 'low' ? (
        <LowStockView locations={places} onOpen={(id) => set({ item: id })} />
      ) : null}
      {view === 'pick' ? <PickListView items={all} locations={places} /> : null}
      {view === 'items' ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-48 flex-1 space-y-1">
              <label htmlFor="inv-search" className="text-muted-foreground text-xs">
                {t('list.search')}
              </label>
              <Input
                id="inv-search"
                type="search"
                value={filters.q}
                placeholder={t('list.searchPlaceholder')}
                onChange={(e) => {
                  setQ(e.target.value);
                  set({ q: e.target.value });
                }}
              />
            </div>
            <FilterFoldButton
              fold={filterFold}
              active={[filters.category, filters.low].filter(Boolean).length}
            />
          </div>
          <FilterFoldPanel
            fold={filterFold}
            role="group"
            aria-label={t('list.filters')}
            className="flex flex-wrap items-end gap-3"
          >
            <div className="space-y-1">
              <label htmlFor="inv-category" className="text-muted-foreground text-xs">
                {t('list.category')}
              </label>
              <NativeSelect
                id="inv-category"
                value={filters.category}
                onChange={(e) => set({ category: e.target.value })}
              >
                <NativeSelectOption value="">{t('list.allCategories')}</NativeSelectOption>
                {CATEGORIES.map((c) => (
                  <NativeSelectOption key={c} value={c}>
                    {categoryLabel(c)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input
                type="checkbox"
                checked={filters.low}
                onChange={(e) => set({ low: e.target.checked ? '1' : null })}
              />
              {t('list.lowOnly')}
            </label>
            <ExportButtons items={all} locations={places} staff={staff.data ?? {}} />
          </FilterFoldPanel>
          <p role="status" className="text-muted-foreground text-sm">
            {items.isPending ? t('list.loading') : t('list.count', { count: shown.length })}
          </p>
          {items.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {t('list.failed')}
            </p>
          ) : null}
          <ItemsView items={shown} onOpen={(id) => set({ item: id })} />
          {!items.isPending && shown.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('list.empty')}</p>
          ) : null}
          {canManage ? <InactiveItems onOpen={(id) => set({ item: id })} /> : null}
        </>
      ) : null}
      <ItemDetailSheet
        id={params.get('item')}
        locations={places}
        staff={staff.data ?? {}}
        onClose={() => set({ item: null })}
        onEdit={canManage ? (id) => set({ view: 'edit-item', edit: id, item: null }) : undefined}
      />
    </div>
  );
}
