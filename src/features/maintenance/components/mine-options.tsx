// The switch of "Mine" that adds the unassigned work orders of my areas, and which areas those are
// (../mine.ts; docs/maintenance.md "Taking a work order").
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
      <p id="mine-areas" className="text-muted-foreground text-xs break-words">
        {areas.length > 0 ? t('mine.areas', { areas: areas.join('; ') }) : t('mine.noAreas')}
      </p>
    </div>
  );
}
