import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Button } from '@/components/ui/button';
import { FilterFoldButton, FilterFoldPanel } from '@/components/form/filter-fold';
import { useFilterFold } from '@/components/form/use-filter-fold';
import { usePropertyAreas } from '../api/get-property-areas';
import { PROPERTY_STATUSES, PROPERTY_TYPES, statusLabel, typeLabel } from '../labels';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';
import { SORTS, type PropertyListParams } from '../list-params';

type Update = (changes: Record<string, string | null>) => void;

function Filter({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

export function PropertyFilters({
  params,
  onChange,
}: {
  params: PropertyListParams;
  onChange: Update;
}) {
  const t = useT(messages);
  const areas = usePropertyAreas();
  // What is typed shows at once; the URL (and the request) follows after a short pause.
  const [search, setSearch] = useState(params.q);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onChange({ q: value.trim() || null }), 250);
  };
  const areaOptions =
    params.area && !(areas.data ?? []).includes(params.area)
      ? [...(areas.data ?? []), params.area]
      : (areas.data ?? []);
  // The filters that are on (the search shows for itself): the phone's Filters button counts them.
  const active = [
    params.status,
    params.area,
    params.type,
    params.minBedrooms !== null,
    params.ready,
    params.archived,
  ].filter(Boolean).length;
  const filtered = Boolean(params.q) || active > 0;
  const fold = useFilterFold();

  return (
    <div className="space-y-3" role="search" aria-label={t('filters.label')}>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
          />
          <Input
            type="search"
            aria-label={t('filters.search')}
            placeholder={t('filters.search')}
            className="pl-8"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <FilterFoldButton fold={fold} active={active} />
      </div>
      <FilterFoldPanel fold={fold} className="space-y-3">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
          <Filter
            id="filter-status"
            label={t('filters.status')}
            value={params.status}
            onChange={(v) => onChange({ status: v || null })}
          >
            <NativeSelectOption value="">{t('filters.all')}</NativeSelectOption>
            {PROPERTY_STATUSES.map((s) => (
              <NativeSelectOption key={s} value={s}>
                {statusLabel(s)}
              </NativeSelectOption>
            ))}
          </Filter>
          <Filter
            id="filter-area"
            label={t('filters.area')}
            value={params.area}
            onChange={(v) => onChange({ area: v || null })}
          >
            <NativeSelectOption value="">{t('filters.allAreas')}</NativeSelectOption>
            {areaOptions.map((a) => (
              <NativeSelectOption key={a} value={a}>
                {a}
              </NativeSelectOption>
            ))}
          </Filter>
          <Filter
            id="filter-type"
            label={t('filters.type')}
            value={params.type}
            onChange={(v) => onChange({ type: v || null })}
          >
            <NativeSelectOption value="">{t('filters.allTypes')}</NativeSelectOption>
            {PROPERTY_TYPES.map((type) => (
              <NativeSelectOption key={type} value={type}>
                {typeLabel(type)}
              </NativeSelectOption>
            ))}
          </Filter>
          <Filter
            id="filter-bedrooms"
            label={t('filters.bedrooms')}
            value={params.minBedrooms === null ? '' : String(params.minBedrooms)}
            onChange={(v) => onChange({ bedrooms: v || null })}
          >
            <NativeSelectOption value="">{t('filters.any')}</NativeSelectOption>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <NativeSelectOption key={n} value={String(n)}>
                {n}+
              </NativeSelectOption>
            ))}
          </Filter>
          <Filter
            id="filter-ready"
            label={t('filters.ready')}
            value={params.ready}
            onChange={(v) => onChange({ ready: v || null })}
          >
            <NativeSelectOption value="">{t('filters.any')}</NativeSelectOption>
            <NativeSelectOption value="ready">{t('filters.readyYes')}</NativeSelectOption>
            <NativeSelectOption value="not_ready">{t('filters.readyNo')}</NativeSelectOption>
          </Filter>
          <Filter
            id="filter-sort"
            label={t('filters.sort')}
            value={params.sort}
            onChange={(v) => onChange({ sort: v === 'name' ? null : v })}
          >
            {SORTS.map((key) => (
              <NativeSelectOption key={key} value={key}>
                {t(`sort.${key}`)}
              </NativeSelectOption>
            ))}
          </Filter>
          <Filter
            id="filter-dir"
            label={t('filters.order')}
            value={params.desc ? 'desc' : 'asc'}
            onChange={(v) => onChange({ dir: v === 'desc' ? 'desc' : null })}
          >
            <NativeSelectOption value="asc">{t('filters.asc')}</NativeSelectOption>
            <NativeSelectOption value="desc">{t('filters.desc')}</NativeSelectOption>
          </Filter>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-primary size-4"
              checked={params.archived}
              onChange={(e) => onChange({ archived: e.target.checked ? '1' : null })}
            />
            {t('filters.archived')}
          </label>
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearch('');
                window.clearTimeout(timer.current);
                onChange({
                  q: null,
                  status: null,
                  area: null,
                  type: null,
                  bedrooms: null,
                  ready: null,
                  archived: null,
                });
              }}
            >
              {t('filters.clear')}
            </Button>
          ) : null}
        </div>
      </FilterFoldPanel>
    </div>
  );
}
