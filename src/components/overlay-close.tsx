// The close button of a dialog or a sheet, named in the user's language (docs/i18n.md). The
// kit's own (src/components/ui/dialog.tsx, sheet.tsx: generated, not edited) says "Close" in
// English: a dialog leaves it out (`showCloseButton={false}`), a sheet hides it
// (SHEET_WITHOUT_KIT_CLOSE on its SheetContent), and draws this one instead, in the same place.
import { XIcon } from 'lucide-react';
import { DialogClose } from '@/components/ui/dialog';
import { SheetClose } from '@/components/ui/sheet';
import { useT } from '@/lib/i18n/catalog';
import { messages } from './messages';

const CLASSES =
  "ring-offset-background focus:ring-ring absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:ring-2 focus:ring-offset-2 focus:outline-hidden disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export function DialogCloseX() {
  const t = useT(messages);
  return (
    <DialogClose className={CLASSES}>
      <XIcon />
      <span className="sr-only">{t('close')}</span>
    </DialogClose>
  );
}

export function SheetCloseX() {
  const t = useT(messages);
  return (
    <SheetClose className={CLASSES}>
      <XIcon className="size-4" />
      <span className="sr-only">{t('close')}</span>
    </SheetClose>
  );
}
