// A list's filters folded into one "Filters" button on phones (below 768 px), so the list's first
// item is on the first screen; from 768 px the filters show as they are and the button is gone.
// The button says how many filters are on and opens the filters in place (a disclosure).
import { SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/catalog';
import { cn } from '@/lib/utils';
import { messages } from '../messages';
import type { FilterFold } from './use-filter-fold';

/** The phone's one filters control: "Filters (2)"; nothing from 768 px. */
export function FilterFoldButton({
  fold,
  active,
  className,
}: {
  fold: FilterFold;
  /** How many filters are on. */
  active: number;
  className?: string;
}) {
  const t = useT(messages);
  return (
    <Button
      type="button"
      variant={active > 0 ? 'secondary' : 'outline'}
      className={cn('shrink-0 md:hidden', className)}
      aria-expanded={fold.open}
      aria-controls={fold.id}
      onClick={() => fold.setOpen(!fold.open)}
    >
      <SlidersHorizontal aria-hidden="true" />
      {t('filters.button')}
      {active > 0 ? (
        <span className="bg-primary text-primary-foreground rounded-full px-1.5 text-xs tabular-nums">
          {active}
          <span className="sr-only"> {t('filters.on')}</span>
        </span>
      ) : null}
    </Button>
  );
}

/** The filters: hidden on a phone until the button opens them. */
export function FilterFoldPanel({
  fold,
  className,
  children,
  ...props
}: {
  fold: FilterFold;
  className?: string;
  children: ReactNode;
  role?: string;
  'aria-label'?: string;
}) {
  return (
    <div {...props} id={fold.id} className={cn(className, !fold.open && 'max-md:hidden')}>
      {children}
    </div>
  );
}
