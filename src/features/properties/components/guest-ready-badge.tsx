import { CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useReasonLabel } from '@/lib/areas';
import { useT } from '@/lib/i18n/catalog';
import { NOT_SYNCED_REASON } from '../api/get-properties';
import { messages } from '../messages';

/** Guest-ready or not, and why not, in text (not only colour). */
export function GuestReadyBadge({
  ready,
  reasons,
  showReasons = true,
}: {
  ready: boolean;
  reasons: readonly string[];
  showReasons?: boolean;
}) {
  // The words for a reason: the area's that gives it (the registry), else src/lib/readiness.ts's.
  const t = useT(messages);
  const reasonLabel = useReasonLabel();
  if (ready) {
    return (
      <Badge variant="secondary" className="gap-1">
        <CircleCheck aria-hidden="true" />
        {t('ready.yes')}
      </Badge>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant="destructive" className="gap-1">
        <CircleAlert aria-hidden="true" />
        {t('ready.no')}
      </Badge>
      {showReasons && reasons.length > 0 ? (
        <ul className="text-muted-foreground text-xs" aria-label={t('ready.why')}>
          {reasons.map((r) => (
            <li key={r}>{r === NOT_SYNCED_REASON ? t('reason.notSynced') : reasonLabel(r)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
