// Count mode, /inventory?view=count (docs/inventory.md "Count mode"): a housekeeper or a technician
// counts what one location holds (their van, a villa, a warehouse) on a phone, with or without a
// signal. The items, the locations and the chosen place's stock (read by location) come from this
// device's copy when there is no network (the inventory store, src/domain/inventory/reads.ts: a
// place opened once with signal, or its own van, which opening count mode reads); each item counted keeps the moment it was
// counted, and "Save count" queues one inventory_count per item (src/domain/inventory/count.ts),
// which lands once on reconnect with the counted quantity as the truth as of that moment.
// ?villa=<property id> (from a villa's page) or ?location=<location id> picks the location;
// without either a technician starts at their van.
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { DeviceCopyNote } from '@/components/pending-sync-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { countLocationsQueryOptions, onHandAt, stockedAt } from '@/domain/inventory/count';
import { locationKindLabel } from '@/domain/inventory/labels';
import { itemsQueryOptions, placeStockQueryOptions } from '@/domain/inventory/reads';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { useSaveCount } from '../api/count-save';
import { CountLine } from './count-line';
import { CountScanner } from './count-scanner';
import { useCountDraft } from '../count-draft';
import { messages } from '../messages';

/** Where this user may count: warehouses, villas and their own van (another's van is refused). */
const countable = (locations: InventoryLocation[], me: string) =>
  locations.filter((l) => l.kind !== 'van' || l.holder_id === me);

const matchesCode = (item: InventoryItem, code: string) =>
  item.barcode === code || item.sku?.toLowerCase() === code.toLowerCase();

export function CountView() {
  const t = useT(messages);
  const me = useAuth().user?.id ?? '';
  const [search, setSearch] = useSearchParams();
  const items = useQuery(itemsQueryOptions());
  const locations = useQuery(countLocationsQueryOptions());
  const [showAll, setShowAll] = useState(false);
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState('');

  const places = useMemo(() => countable(locations.data ?? [], me), [locations.data, me]);
  const villa = search.get('villa');
  const location =
    places.find((l) => l.id === search.get('location')) ??
    (villa ? places.find((l) => l.property_id === villa) : undefined) ??
    (villa ? undefined : places.find((l) => l.kind === 'van' && l.holder_id === me));
  // Each place's count is kept on this device until saved (../count-draft.ts).
  const { counts, set, clear } = useCountDraft(me, location?.id);
  const save = useSaveCount({ onSuccess: (_, { locationId }) => clear(locationId) });
  const stock = useQuery({ ...placeStockQueryOptions(location?.id ?? ''), enabled: !!location });
  const here = stock.data?.rows ?? [];

  const choose = (id: string) =>
    setSearch(id ? { view: 'count', location: id } : { view: 'count' }, { replace: true });

  const all = items.data?.rows ?? [];
  const needle = query.trim().toLowerCase();
  const shown = location
    ? all.filter(
        (i) =>
          (showAll || stockedAt(here, i.id) || counts[i.id]) &&
          (!needle ||
            i.name.toLowerCase().includes(needle) ||
            i.sku?.toLowerCase().includes(needle) ||
            i.barcode?.startsWith(needle)),
      )
    : [];

  /** A scanned or typed barcode: the item found counts one more (from what is counted). */
  const found = (code: string) => {
    const item = all.find((i) => matchesCode(i, code.trim()));
    if (!item) {
      setNotice(t('count.notFound', { code }));
      return;
    }
    setNotice(t('count.scanned', { item: item.name }));
    setQuery('');
    set(item.id, (counts[item.id]?.value ?? 0) + 1);
  };
  const onFind = (e: FormEvent) => {
    e.preventDefault();
    const code = query.trim();
    if (code && all.some((i) => matchesCode(i, code))) found(code);
  };

  const lines = Object.entries(counts).flatMap(([id, c]) => {
    const item = all.find((i) => i.id === id);
    return item ? [{ item, counted: c.value, countedAt: c.at }] : [];
  });

  return (
    <div className="mx-auto max-w-lg space-y-4 pb-24">
      <PageHeader title={t('count.open')} description={t('count.description')} />
      {(items.data?.fromDevice || stock.data?.fromDevice) && (
        <DeviceCopyNote what={t('count.itemsWhat')} />
      )}
      <div className="space-y-1">
        <Label htmlFor="count-location">{t('count.location')}</Label>
        <NativeSelect
          id="count-location"
          className="h-12 w-full text-base"
          value={location?.id ?? ''}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="">{t('count.pickLocation')}</option>
          {places.map((l) => (
            <option key={l.id} value={l.id}>
              {l.kind === 'van' ? t('count.myVan', { name: l.name }) : l.name} (
              {locationKindLabel(l.kind)})
            </option>
          ))}
        </NativeSelect>
      </div>
      {(items.isError || locations.isError || stock.isError) && (
        <p role="alert" className="text-destructive text-sm">
          {(items.error ?? locations.error ?? stock.error)?.message}
        </p>
      )}
      {location && (
        <>
          <form onSubmit={onFind} className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search
                aria-hidden="true"
                className="text-muted-foreground absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
              />
              <Input
                type="search"
                className="h-10 pl-8"
                aria-label={t('count.search')}
                placeholder={t('count.search')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
            <CountScanner onCode={found} />
          </form>
          <p role="status" className="text-muted-foreground min-h-5 text-sm">
            {notice}
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={showAll}
              onChange={(e) => setShowAll(e.target.checked)}
            />
            {t('count.showAll')}
          </label>
          {items.isPending || stock.isPending ? (
            <p className="text-muted-foreground text-sm">{t('count.loading')}</p>
          ) : shown.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('count.none')}</p>
          ) : (
            <ul
              className="space-y-2"
              aria-label={t('count.listLabel', { location: location.name })}
            >
              {shown.map((item) => (
                <CountLine
                  key={item.id}
                  item={item}
                  expected={onHandAt(here, item.id)}
                  counted={counts[item.id]?.value}
                  onChange={(v) => set(item.id, v)}
                />
              ))}
            </ul>
          )}
          <div className="bg-background fixed inset-x-0 bottom-0 border-t p-3 md:static md:border-0 md:p-0">
            <Button
              type="button"
              size="lg"
              className="h-12 w-full text-base"
              disabled={lines.length === 0 || save.isPending}
              onClick={() => save.mutate({ locationId: location.id, lines })}
            >
              {t('count.save', { count: lines.length })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
