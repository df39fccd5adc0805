// What a screen shows for a record this device does not keep, opened with no connection
// (src/offline/not-kept.ts; docs/offline.md "Not kept on this device"), in place of "not found".
import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '@/offline/messages';

export function NotKeptAlert({ children }: { children?: ReactNode }) {
  const t = useT(messages);
  return (
    <Alert>
      <CloudOff aria-hidden="true" />
      <AlertTitle>{t('notKept')}</AlertTitle>
      {children ? <AlertDescription>{children}</AlertDescription> : null}
    </Alert>
  );
}
