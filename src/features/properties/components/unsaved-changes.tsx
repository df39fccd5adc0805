import { DialogCloseX } from '@/components/overlay-close';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { isSaved } from '../navigation-state';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation through a dialog, closing or
 * reloading the tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const t = useT(messages);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !isSaved(nextLocation.state) && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent showCloseButton={false}>
        <DialogCloseX />
        <DialogHeader>
          <DialogTitle>{t('unsaved.title')}</DialogTitle>
          <DialogDescription>{t('unsaved.hint')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {t('unsaved.keep')}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {t('unsaved.discard')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
