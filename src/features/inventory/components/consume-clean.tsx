// "What this clean used" (docs/inventory.md "Consumption"), shown under a finished clean's run
// (inventory's cleanDoneParts, ../area.ts, lazy): pre-filled from the cleaning type's rules, every
// quantity editable, one tap records it from the villa's location through the sync queue, also
// with no signal (the rules and the locations are kept on this device). Once recorded (on the
// server or still in this device's queue) it shows what was recorded and is not asked again.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { countLocationsQueryOptions } from '@/domain/inventory/count';
import {
  cleanConsumption,
  cleanUseQueryOptions,
  consumptionRulesQueryOptions,
} from '@/domain/inventory/consume';
import type { CleanDoneProps } from '@/lib/areas';
import { useT } from '@/lib/i18n/catalog';
import { useConsume } from '../api/consume-save';
import { messages } from '../messages';

export function ConsumeClean(props: CleanDoneProps) {
  const t = useT(messages);
  const rules = useQuery(consumptionRulesQueryOptions());
  const locations = useQuery(countLocationsQueryOptions());
  const [edited, setEdited] = useState<Record<string, number>>({});
  const used = useQuery(cleanUseQueryOptions(props.cleanId));
  const [recorded, setRecorded] = useState(false);
  const save = useConsume([], { onSuccess: () => setRecorded(true) });
  const lines = cleanConsumption(rules.data ?? [], props);
  const location = locations.data?.find((l) => l.property_id === props.propertyId);
  if (rules.isPending || used.isPending || lines.length === 0 || !location) return null;
  // Recorded once per clean: what the server and this device's queue hold is shown, not asked again.
  const usedItems = used.data?.items ?? new Map<string, number>();
  const done = recorded || usedItems.size > 0;
  const quantity = (id: string, fallback: number) => edited[id] ?? fallback;
  return (
    <section aria-label={t('consume.title')} className="space-y-2 rounded-md border p-3">
      <h2 className="font-semibold">{t('consume.title')}</h2>
      {done ? (
        <>
          <p role="status" className="text-sm">
            {used.data?.waiting ? t('consume.queued') : t('consume.done')}
          </p>
          <ul className="text-muted-foreground space-y-1 text-sm">
            {lines
              .filter(({ rule }) => usedItems.has(rule.item_id))
              .map(({ rule }) => (
                <li key={rule.id}>
                  {t('consume.usedLine', {
                    item: rule.item_name,
                    quantity: usedItems.get(rule.item_id) ?? 0,
                    unit: rule.unit,
                  })}
                </li>
              ))}
          </ul>
        </>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">{t('consume.hint')}</p>
          <ul className="space-y-1">
            {lines.map(({ rule, quantity: q }) => (
              <li key={rule.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">
                  {rule.item_name} <span className="text-muted-foreground">({rule.unit})</span>
                </span>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  className="h-10 w-20 text-center"
                  aria-label={t('consume.quantityOf', { item: rule.item_name })}
                  value={quantity(rule.item_id, q)}
                  onChange={(e) => {
                    const n = Number(e.target.value);
                    setEdited((d) => ({
                      ...d,
                      [rule.item_id]: Number.isFinite(n) && n >= 0 ? n : 0,
                    }));
                  }}
                />
              </li>
            ))}
          </ul>
          <Button
            size="lg"
            className="w-full"
            disabled={save.isPending}
            onClick={() =>
              save.mutate({
                locationId: location.id,
                cleanId: props.cleanId,
                lines: lines
                  .map(({ rule, quantity: q }) => ({
                    item: { id: rule.item_id, name: rule.item_name },
                    quantity: quantity(rule.item_id, q),
                  }))
                  .filter((l) => l.quantity > 0),
              })
            }
          >
            {t('consume.record')}
          </Button>
        </>
      )}
    </section>
  );
}
