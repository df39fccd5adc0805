// Marks what was changed on this device and has not reached the server yet, and a screen showing
// this device's copy because the server cannot be reached (docs/areas.md: 'saved on this phone —
// will sync').
import { CloudOff, CloudUpload } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/catalog';
import { messages as offline } from '@/offline/messages';
import { messages } from './messages';

export function PendingSyncBadge() {
  const t = useT(offline);
  return (
    <Badge variant="outline" className="border-amber-500/60 text-amber-700 dark:text-amber-300">
      <CloudUpload aria-hidden="true" />
      {t('queuedNote')}
    </Badge>
  );
}

export function DeviceCopyNote({ what }: { what: string }) {
  const t = useT(messages);
  return (
    <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
      <CloudOff aria-hidden="true" className="size-4" />
      {t('deviceCopy', { what })}
    </p>
  );
}
