// The switch of "Mine" that adds the unassigned work orders of my areas, and which areas those are
// (../mine.ts; docs/maintenance.md "Taking a work order"). The areas are one line (cut short on a
// phone, where a long list wrapped into the screen's largest block of text); tapping it shows them
// all, and the switch's description is the whole text.
import { ChevronRight } from 'lucide-react';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function MineOptions({
  include,
  onIncludeChange,
  areas,
}: {
  include: boolean;
  onIncludeChange: (on: boolean) => void;
  areas: string[];
}) {
  const t = useT(messages);
  return (
    <div className="space-y-1 text-sm">
      <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
        <input
          type="checkbox"
          className="size-4"
          checked={include}
          onChange={(e) => onIncludeChange(e.target.checked)}
          aria-describedby="mine-areas"
        />
        {t('mine.include')}
      </label>
      <details className="group text-muted-foreground text-xs">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 sm:min-h-0 [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden className="size-3 shrink-0 group-open:rotate-90" />
          <span
            id="mine-areas"
            className="max-w-56 truncate group-open:max-w-none group-open:whitespace-normal sm:max-w-xl"
          >
            {areas.length > 0 ? t('mine.areas', { areas: areas.join('; ') }) : t('mine.noAreas')}
          </span>
        </summary>
      </details>
    </div>
  );
}
