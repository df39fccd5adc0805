// The full-page error screen of docs/areas.md, spec §2, shown on any uncaught render error.
import { AlertTriangle, ChevronDown, Mail, RotateCcw } from 'lucide-react';
import { usePageTitle } from '@/hooks/use-page-title';
import { env } from '@/lib/app-env';
import { supportEmail } from '@/lib/company-settings';
import { errorText, supportMailto } from '@/lib/error-report';
import { useT } from '@/lib/i18n/catalog';
import { errorButtonClasses } from './error-screen.build';
import { messages } from './messages';

export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT(messages);
  usePageTitle(t('error.title'));
  const details = errorText(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <main className="bg-background text-foreground flex min-h-svh items-center justify-center p-4">
      <div className="w-full max-w-lg space-y-6 rounded-xl border p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <AlertTriangle aria-hidden="true" className="text-destructive mt-1 size-6 shrink-0" />
          <div className="space-y-2">
            <h1 className="text-xl font-semibold">{t('error.title')}</h1>
            <p className="text-muted-foreground text-sm">{t('error.sorry')}</p>
          </div>
        </div>
        {/* Native <details>: this screen must work even when no other chunk can load. */}
        <details className="group">
          <summary className="hover:bg-accent focus-visible:ring-ring/50 -ml-2 inline-flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px] [&::-webkit-details-marker]:hidden">
            <ChevronDown
              aria-hidden="true"
              className="size-4 transition-transform group-open:rotate-180"
            />
            {t('error.details')}
          </summary>
          <pre
            data-testid="error-details"
            className="bg-muted mt-2 max-h-64 overflow-auto rounded-md p-3 text-xs break-words whitespace-pre-wrap"
          >
            {details}
            {stack ? `\n\n${stack}` : ''}
          </pre>
        </details>
        <div className="flex flex-wrap gap-2">
          {/* Button's classes without Button (error-screen.build.ts). */}
          <button
            type="button"
            data-slot="button"
            className={errorButtonClasses.reload}
            onClick={() => window.location.reload()}
          >
            <RotateCcw aria-hidden="true" />
            {t('error.reload')}
          </button>
          <a
            data-slot="button"
            className={errorButtonClasses.contact}
            href={supportMailto(supportEmail(env.supportEmail), details, window.location.href)}
          >
            <Mail aria-hidden="true" />
            {t('error.contact')}
          </a>
        </div>
      </div>
    </main>
  );
}
