import { Loader2 } from 'lucide-react';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '@/lib/messages';
import { cn } from '@/lib/utils';

/** The centred spinner shown while a screen, the session or the permissions load. */
export function PageSpinner({
  label,
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const t = useT(messages);
  return (
    <div
      role="status"
      aria-live="polite"
      // A loading state: src/boot.js keeps the kept screen up while it shows.
      data-loading=""
      className={cn(
        'flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3',
        className,
      )}
    >
      <Loader2 aria-hidden="true" className="text-muted-foreground size-8 animate-spin" />
      <span className={showLabel ? 'text-muted-foreground text-sm' : 'sr-only'}>
        {label ?? t('loading')}
      </span>
    </div>
  );
}
