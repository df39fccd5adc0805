import { Loader2 } from 'lucide-react';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '@/lib/messages';

/**
 * The centred spinner shown while a screen, the session or the permissions load: at least half
 * the screen high, or (`fill`) as high as the box it fills. Its classes are written out, not merged
 * by cn(): it is in the entry, which carries no tailwind-merge (bench/README.md "Issue 28").
 */
export function PageSpinner({
  label,
  showLabel = false,
  fill = false,
}: {
  label?: string;
  showLabel?: boolean;
  fill?: boolean;
}) {
  const t = useT(messages);
  return (
    <div
      role="status"
      aria-live="polite"
      // A loading state: src/boot.js keeps the kept screen up while it shows.
      data-loading=""
      className={`flex ${fill ? 'min-h-0' : 'min-h-[50vh]'} flex-1 flex-col items-center justify-center gap-3`}
    >
      <Loader2 aria-hidden="true" className="text-muted-foreground size-8 animate-spin" />
      <span className={showLabel ? 'text-muted-foreground text-sm' : 'sr-only'}>
        {label ?? t('loading')}
      </span>
    </div>
  );
}
