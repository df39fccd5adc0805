// One item in count mode: its name, what the books say is here, and large - / + controls around a
// typed quantity (a thumb on a 360 px phone). Untouched, the field is empty and - / + start from
// the books' quantity; a scan adds one from what is counted (count-route.tsx).
import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { categoryLabel } from '@/domain/inventory/labels';
import type { InventoryItem } from '@/domain/inventory/types';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function CountLine({
  item,
  expected,
  counted,
  onChange,
}: {
  item: InventoryItem;
  expected: number;
  counted: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const t = useT(messages);
  const from = counted ?? expected;
  return (
    <li
      aria-label={item.name}
      className={`rounded-lg border p-3 ${counted !== undefined ? 'border-primary/60 bg-primary/5' : ''}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <p className="min-w-0 truncate font-medium">{item.name}</p>
        <p className="text-muted-foreground shrink-0 text-xs">{categoryLabel(item.category)}</p>
      </div>
      <p className="text-muted-foreground text-sm">
        {t('count.expected', { quantity: expected, unit: item.unit })}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          className="size-12 shrink-0"
          aria-label={t('count.less', { item: item.name })}
          disabled={from <= 0}
          onClick={() => onChange(Math.max(0, from - 1))}
        >
          <Minus aria-hidden="true" className="size-6" />
        </Button>
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          className="h-12 min-w-0 flex-1 text-center text-lg"
          aria-label={t('count.quantityOf', { item: item.name })}
          placeholder={String(expected)}
          value={counted ?? ''}
          onChange={(e) => {
            const v = e.target.value;
            const n = Number(v);
            onChange(v === '' || !Number.isFinite(n) || n < 0 ? undefined : n);
          }}
        />
        <Button
          type="button"
          variant="outline"
          className="size-12 shrink-0"
          aria-label={t('count.more', { item: item.name })}
          onClick={() => onChange(from + 1)}
        >
          <Plus aria-hidden="true" className="size-6" />
        </Button>
      </div>
    </li>
  );
}
