// The pick list, /inventory?view=pick (docs/inventory.md "The pick list on the screens"): what the
// turnovers of a range of company days need at each villa (inventory_pick_list: needed, what the
// villa already holds above par, what to bring) and in total per item, with units and whole packs.
// The range (tomorrow by default, "Next 7 days", or from / to) and the villa are in the address, so
// a reload keeps them. Those who may transfer (inventory.adjust) choose the warehouse or van to
// pick from and make every line a transfer with one inventory_transfer_batch call
// (../api/create-pick-transfers.ts), after a confirmation naming the transfers and villas.
// Covered lines (the villa's stock above par covers them) stay listed, marked covered. A villa
// below par is brought back to par with its need (the function's above_par is then negative).
import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeft, Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DialogCloseX } from '@/components/overlay-close';
import { DateInput } from '@/components/form/date-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useAuth } from '@/lib/auth/use-auth';
import { formatDay } from '@/lib/company-time';
import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/catalog';
import { formatLocale } from '@/lib/i18n/format-locale';
import { hasPermission } from '@/lib/permissions';
import { localizeServerMessage } from '@/lib/server-messages/localize';
import { isNetworkError } from '@/offline/network-error';
import { onHandAt } from '@/domain/inventory/count';
import { locationKindLabel } from '@/domain/inventory/labels';
import { placeStockQueryOptions } from '@/domain/inventory/reads';
import type { InventoryItem, InventoryLocation } from '@/domain/inventory/types';
import { useCreatePickTransfers } from '../api/create-pick-transfers';
import { usePickList } from '../api/get-pick-list';
import { messages } from '../messages';
import {
  BATCH_SIZE,
  groupPickList,
  packsOf,
  presetOf,
  presetRange,
  rangeFromParams,
  rangeProblem,
  transfersOf,
  type PickLine,
  type Preset,
} from '../pick-list';

/** A quantity as the language writes it (whole numbers as they are: no Intl for them). */
const amount = (n: number) =>
  Number.isInteger(n)
    ? String(n)
    : new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: 2 }).format(n);

/**
 * Where one may pick from: warehouses, then vans (only one's own, unless one manages stock), each
 * by name (the read's order online is the server's): the first warehouse is the default.
 */
const sourcesOf = (locations: readonly InventoryLocation[], me: string, manages: boolean) =>
  locations
    .filter((l) => l.kind === 'warehouse' || (l.kind === 'van' && (manages || l.holder_id === me)))
    .sort(
      (a, b) =>
        Number(a.kind === 'van') - Number(b.kind === 'van') ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    );

export function PickListView({
  items,
  locations,
}: {
  items: readonly InventoryItem[];
  locations: readonly InventoryLocation[];
}) {
  const t = useT(messages);
  const { permissions, user } = useAuth();
  const me = user?.id ?? '';
  const canTransfer = hasPermission(permissions, 'inventory.adjust');
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const problem = rangeProblem(range);
  const pick = usePickList(range, problem === null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const create = useCreatePickTransfers({
    onSuccess: () => {
      setConfirming(false);
      setFailure('');
    },
    onError: (e) => {
      setConfirming(false);
      setFailure(localizeServerMessage(errorMessage(e, t('pickList.failed'))));
      return true;
    },
  });

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const villas = locations
    .filter((l) => l.kind === 'property' && l.property_id)
    .sort((a, b) => a.name.localeCompare(b.name));
  const sources = sourcesOf(locations, me, hasPermission(permissions, 'inventory.manage'));
  const source = sources.find((l) => l.id === params.get('source')) ?? sources[0];
  // What the source holds, read by location.
  const sourceStock = useQuery({
    ...placeStockQueryOptions(source?.id ?? ''),
    enabled: source !== undefined,
  });
  const list = groupPickList(pick.data ?? [], items, locations);
  const transfers = source ? transfersOf(list, source.id) : [];
  const villaCount = new Set(transfers.map((x) => x.to_location_id)).size;
  const heldAtSource = (itemId: string) => onHandAt(sourceStock.data?.rows ?? [], itemId);
  const preset = presetOf(range);
  const presets: { id: Preset; label: string }[] = [
    { id: 'tomorrow', label: t('pickList.tomorrow') },
    { id: 'week', label: t('pickList.week') },
  ];

  const confirm = () =>
    create.mutate({
      transfers,
      villas: villaCount,
      reason: t('pickList.reason', {
        range:
          range.from === range.to
            ? formatDay(range.from)
            : `${formatDay(range.from)} – ${formatDay(range.to)}`,
      }),
    });

  return (
    <section aria-labelledby="pick-list-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pick-list-title" className="text-lg font-semibold">
          {t('pickList.title')}
        </h2>
        <Button variant="ghost" size="sm" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden /> {t('pickList.print')}
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">{t('pickList.description')}</p>

      <div
        role="group"
        aria-label={t('pickList.range')}
        className="flex flex-wrap items-end gap-3 print:hidden"
      >
        <div className="flex gap-1">
          {presets.map((p) => (
            <Button
              key={p.id}
              size="sm"
              variant={preset === p.id ? 'default' : 'outline'}
              aria-pressed={preset === p.id}
              onClick={() => {
                const r = presetRange(p.id);
                set({ from: r.from, to: r.to });
              }}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <div className="space-y-1">
          <Label htmlFor="pick-from" className="text-muted-foreground text-xs">
            {t('pickList.from')}
          </Label>
          <div className="w-40">
            <DateInput
              id="pick-from"
              value={range.from}
              pickerLabel={t('pickList.chooseFrom')}
              // A first day after the last moves the last with it.
              onValueChange={(day) =>
                day && set({ from: day, ...(day > range.to ? { to: day } : {}) })
              }
            />
          </div>
        </div>
        <div className="space-y-1">
          <Label htmlFor="pick-to" className="text-muted-foreground text-xs">
            {t('pickList.to')}
          </Label>
          <div className="w-40">
            <DateInput
              id="pick-to"
              value={range.to}
              pickerLabel={t('pickList.chooseTo')}
              onValueChange={(day) => day && set({ to: day })}
            />
          </div>
        </div>
        <div className="space-y-1">
          <Label htmlFor="pick-villa" className="text-muted-foreground text-xs">
            {t('pickList.villa')}
          </Label>
          <NativeSelect
            id="pick-villa"
            value={range.villa}
            onChange={(e) => set({ villa: e.target.value })}
          >
            <NativeSelectOption value="">{t('pickList.allVillas')}</NativeSelectOption>
            {villas.map((v) => (
              <NativeSelectOption key={v.id} value={v.property_id!}>
                {v.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p className="hidden text-sm print:block">
        {range.from === range.to
          ? formatDay(range.from)
          : `${formatDay(range.from)} – ${formatDay(range.to)}`}
      </p>

      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem === 'order' ? t('pickList.rangeOrder') : t('pickList.rangeLong')}
        </p>
      ) : (
        <p role="status" className="text-muted-foreground text-sm">
          {pick.isPending
            ? t('list.loading')
            : t('pickList.summary', {
                villas: list.villas.length,
                count: list.totals.filter((l) => l.quantity > 0).length,
              })}
        </p>
      )}
      {pick.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {isNetworkError(pick.error)
            ? t('pickList.offline')
            : t('pickList.loadFailed', {
                reason: localizeServerMessage(errorMessage(pick.error, t('pickList.offline'))),
              })}
        </p>
      ) : null}

      {canTransfer && !problem && list.villas.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3 rounded-md border p-3 print:hidden">
          <div className="space-y-1">
            <Label htmlFor="pick-source" className="text-muted-foreground text-xs">
              {t('pickList.source')}
            </Label>
            <NativeSelect
              id="pick-source"
              value={source?.id ?? ''}
              onChange={(e) => set({ source: e.target.value })}
            >
              {sources.map((l) => (
                <NativeSelectOption key={l.id} value={l.id}>
                  {`${l.name} · ${locationKindLabel(l.kind)}`}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <Button
            disabled={transfers.length === 0 || create.isPending}
            onClick={() => {
              setFailure('');
              setConfirming(true);
            }}
          >
            <ArrowRightLeft aria-hidden /> {t('pickList.create')}
          </Button>
          {transfers.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('pickList.nothingToBring')}</p>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {t('pickList.createFailed', { reason: failure })}
        </p>
      ) : null}

      {list.totals.length > 0 ? (
        <section aria-labelledby="pick-total" className="space-y-2">
          <h3 id="pick-total" className="font-semibold">
            {t('pickList.total')}
          </h3>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('pickList.item')}</TableHead>
                <TableHead scope="col" className="text-right whitespace-normal">
                  {t('pickList.toBring')}
                </TableHead>
                {source && canTransfer ? (
                  <TableHead scope="col" className="text-right whitespace-normal">
                    {t('pickList.atSource', { place: source.name })}
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.totals.map((l) => {
                const held = heldAtSource(l.item.id);
                return (
                  <TableRow key={l.item.id}>
                    <TableHead scope="row" className="font-normal whitespace-normal">
                      {l.item.name}
                    </TableHead>
                    <TableCell className="text-right whitespace-normal tabular-nums">
                      <BringText line={l} />
                    </TableCell>
                    {source && canTransfer ? (
                      <TableCell
                        className={
                          held < l.quantity
                            ? 'text-destructive text-right tabular-nums'
                            : 'text-right tabular-nums'
                        }
                      >
                        {held < l.quantity
                          ? t('pickList.short', { held: amount(held) })
                          : amount(held)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </section>
      ) : null}

      <ul className="grid gap-4 md:grid-cols-2" aria-label={t('pickList.villas')}>
        {list.villas.map((v) => {
          const covered = v.lines.filter((l) => l.quantity === 0).length;
          return (
            <li key={v.propertyId} aria-labelledby={`pick-villa-${v.propertyId}`}>
              <section className="space-y-2 rounded-md border p-3 break-inside-avoid">
                <h3 id={`pick-villa-${v.propertyId}`} className="font-semibold">
                  {v.name}
                </h3>
                <p className="text-muted-foreground text-sm">
                  {t('pickList.villaSummary', {
                    cleans: v.cleans,
                    count: v.lines.length - covered,
                    covered,
                  })}
                </p>
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">{t('pickList.item')}</TableHead>
                      <TableHead scope="col" className="text-right whitespace-normal">
                        {t('pickList.needed')}
                      </TableHead>
                      <TableHead scope="col" className="text-right whitespace-normal">
                        {t('pickList.abovePar')}
                      </TableHead>
                      <TableHead scope="col" className="text-right whitespace-normal">
                        {t('pickList.toBring')}
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {v.lines.map((l) => (
                      <TableRow key={l.item.id} data-covered={l.quantity === 0 || undefined}>
                        <TableHead scope="row" className="font-normal whitespace-normal">
                          {l.item.name}
                        </TableHead>
                        <TableCell className="text-right tabular-nums">
                          {amount(l.needed)}
                        </TableCell>
                        <TableCell className="text-right whitespace-normal tabular-nums">
                          {amount(Math.max(l.abovePar, 0))}
                          <BelowPar short={-l.abovePar} />
                        </TableCell>
                        <TableCell className="text-right whitespace-normal tabular-nums">
                          <BringText line={l} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </section>
            </li>
          );
        })}
      </ul>
      {!pick.isPending && !pick.isError && !problem && list.villas.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('pickList.empty')}</p>
      ) : null}

      <Dialog open={confirming} onOpenChange={(open) => !open && setConfirming(false)}>
        <DialogContent showCloseButton={false}>
          <DialogCloseX />
          <DialogHeader>
            <DialogTitle>{t('pickList.confirmTitle')}</DialogTitle>
            <DialogDescription>
              {t('pickList.confirmText', {
                count: transfers.length,
                villas: villaCount,
                place: source?.name ?? '',
              })}
              {transfers.length > BATCH_SIZE
                ? ` ${t('pickList.batches', { count: Math.ceil(transfers.length / BATCH_SIZE), size: BATCH_SIZE })}`
                : null}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('form.cancel')}
            </Button>
            <Button disabled={create.isPending} onClick={confirm}>
              {create.isPending
                ? t('form.saving')
                : t('pickList.confirm', { count: transfers.length })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** "6 piece", "14 piece · 2 packs", or "Covered". */
function BringText({ line }: { line: PickLine }) {
  const t = useT(messages);
  if (line.quantity <= 0)
    return <span className="text-muted-foreground">{t('pickList.covered')}</span>;
  const packs = packsOf(line.quantity, line.item.pack_size);
  return line.item.pack_size > 1
    ? t('pickList.bringPacks', {
        quantity: amount(line.quantity),
        unit: line.item.unit,
        packs,
        size: line.item.pack_size,
      })
    : t('pickList.bring', { quantity: amount(line.quantity), unit: line.item.unit });
}

/**
 * "Below par by 2" under a villa's above-par figure (shown as 0), when the function's signed
 * above_par is negative: what the villa lacks to par, which the quantity to bring includes.
 */
function BelowPar({ short }: { short: number }) {
  const t = useT(messages);
  if (short <= 0) return null;
  return (
    <span className="text-muted-foreground block text-xs">
      {t('pickList.belowPar', { short: amount(short) })}
    </span>
  );
}
