import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';
import { applyUpdate, dismissUpdate, useUpdateState } from './service-worker';

/** SEED-SPEC §2 Update card: a new version is waiting (or already took over another tab). */
export function UpdateCard() {
  const t = useT(messages);
  const { available } = useUpdateState();
  const titleId = useId();
  const textId = useId();
  if (!available) return null;
  return (
    <Card
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="gap-3 px-4 py-4 shadow-lg"
      data-testid="update-card"
    >
      <div className="flex items-center gap-2">
        <RefreshCw className="text-muted-foreground size-4 shrink-0" aria-hidden />
        <h2 id={titleId} className="text-sm font-semibold">
          {t('update.title')}
        </h2>
      </div>
      <p id={textId} className="text-muted-foreground text-sm">
        {t('update.body')}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={applyUpdate}>
          {t('update.now')}
        </Button>
        <Button size="sm" variant="outline" onClick={dismissUpdate}>
          {t('update.later')}
        </Button>
      </div>
    </Card>
  );
}
