import { DialogCloseX } from '@/components/overlay-close';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { useImportIcal, type IcalImportReport } from '../api/import-ical';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

function Report({ report }: { report: IcalImportReport }) {
  const t = useT(messages);
  const rows: [string, number][] = [
    [t('ical.created'), report.created],
    [t('ical.updated'), report.updated],
    [t('ical.cancelled'), report.cancelled],
    [t('ical.unchanged'), report.unchanged],
    [t('ical.conflicts'), report.conflicts.length],
    [t('ical.invalid'), report.invalid.length],
    [t('ical.skipped'), report.skipped],
  ];
  return (
    <section aria-label={t('ical.report')} className="space-y-2">
      <h3 className="font-medium">{t('ical.report')}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([label, n]) => (
          <div key={label}>
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="font-medium">{n}</dd>
          </div>
        ))}
      </dl>
      {report.conflicts.length > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>{t('ical.conflictTitle')}</AlertTitle>
          <AlertDescription>{t('ical.conflictHint')}</AlertDescription>
        </Alert>
      ) : null}
      {report.warnings.length > 0 ? (
        <ul className="text-muted-foreground list-disc pl-5 text-xs">
          {report.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function IcalImportDialog({
  propertyId,
  open,
  onOpenChange,
}: {
  propertyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(messages);
  const importIcal = useImportIcal(propertyId, {
    onError: (e) => {
      setProblem(errorMessage(e, messages.t('ical.failed')));
      return false;
    },
  });
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      importIcal.reset();
      setUrl('');
      setFile(null);
      setProblem(null);
    }
    onOpenChange(next);
  };

  const run = (input: { url: string } | { ics: string }) => {
    setProblem(null);
    importIcal.mutate(input);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent showCloseButton={false} className="max-h-[90dvh] overflow-y-auto">
        <DialogCloseX />
        <DialogHeader>
          <DialogTitle>{t('ical.title')}</DialogTitle>
          <DialogDescription>{t('ical.hint')}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-2"
          aria-label={t('ical.fromFile')}
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) {
              setProblem(t('ical.chooseFile'));
              return;
            }
            void file.text().then((ics) => run({ ics }));
          }}
        >
          <Label htmlFor="ical-file">{t('ical.file')}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="ical-file"
              type="file"
              accept=".ics,text/calendar"
              className="min-w-0 flex-1"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Button type="submit" disabled={importIcal.isPending}>
              {t('ical.importFile')}
            </Button>
          </div>
        </form>
        <form
          className="space-y-2"
          aria-label={t('ical.fromUrl')}
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^https?:\/\/\S+$/i.test(url.trim())) {
              setProblem(t('ical.badUrl'));
              return;
            }
            run({ url: url.trim() });
          }}
        >
          <Label htmlFor="ical-url">{t('ical.url')}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="ical-url"
              type="url"
              inputMode="url"
              placeholder={t('ical.urlExample')}
              className="min-w-0 flex-1"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={importIcal.isPending}>
              {t('ical.importUrl')}
            </Button>
          </div>
        </form>
        {importIcal.isPending ? <p className="text-sm">{t('ical.importing')}</p> : null}
        {problem ? (
          <Alert variant="destructive">
            <AlertTitle>{t('ical.failed')}</AlertTitle>
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        {importIcal.data ? <Report report={importIcal.data} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('ical.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
