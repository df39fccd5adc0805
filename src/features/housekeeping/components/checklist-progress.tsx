// Progress of a checklist run, overall or one room: "12 of 30" with a bar (role progressbar).
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function ChecklistProgress({
  label,
  done,
  total,
  compact = false,
}: {
  label: string;
  done: number;
  total: number;
  compact?: boolean;
}) {
  const t = useT(messages);
  const pct = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className={compact ? 'flex items-center gap-2' : 'space-y-1'}>
      {compact ? null : <p className="text-sm">{t('progress.itemsDone', { done, total })}</p>}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('progress.valueText', { done, total })}
        className={`bg-muted h-2 overflow-hidden rounded-full ${compact ? 'w-20' : 'w-full'}`}
      >
        <div className="bg-primary h-full" style={{ width: `${pct}%` }} />
      </div>
      {compact ? (
        <span className="text-xs tabular-nums">
          {done}/{total}
        </span>
      ) : null}
    </div>
  );
}
