// What a screen shows for a record this device does not keep, opened with no connection
// (src/offline/not-kept.ts; docs/offline.md "Not kept on this device"), in place of "not found".
import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { NOT_KEPT_MESSAGE } from '@/offline/not-kept';

export function NotKeptAlert({ children }: { children?: ReactNode }) {
  return (
    <Alert>
      <CloudOff aria-hidden="true" />
      <AlertTitle>{NOT_KEPT_MESSAGE}</AlertTitle>
      {children ? <AlertDescription>{children}</AlertDescription> : null}
    </Alert>
  );
}
