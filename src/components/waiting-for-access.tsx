// "Waiting for access": what a signed-in account with no role yet (or a deactivated one) is told,
// with whom to ask. The dashboard shows it under its greeting; every work screen shows it as its
// page instead (the route guard, src/app/guards/route-guard.tsx), and reads nothing.
import { Hourglass } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { useCompanySettings } from '@/lib/use-company-settings';
import { messages } from './messages';

function useWaiting() {
  const t = useT(messages);
  const { profile } = useAuth();
  const { supportEmail } = useCompanySettings();
  const deactivated = profile?.active === false;
  return {
    title: deactivated ? t('waiting.deactivatedTitle') : t('waiting.title'),
    body: (
      <>
        <p>
          {deactivated ? t('waiting.deactivatedBody') : t('waiting.readyBody')}{' '}
          <a className="underline underline-offset-4" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
        <p>{t('waiting.shows')}</p>
      </>
    ),
  };
}

/** The notice, under another page's heading (the dashboard's). */
export function WaitingForAccessNotice() {
  const { title, body } = useWaiting();
  return (
    <Alert>
      <Hourglass aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{body}</AlertDescription>
    </Alert>
  );
}

/** The notice as a page of its own: its heading is the page's. */
export function WaitingForAccessPage() {
  const { title, body } = useWaiting();
  usePageTitle(title);
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <section
        aria-labelledby="waiting-title"
        className="bg-card w-full max-w-md space-y-3 rounded-xl border p-6 text-center shadow-sm"
      >
        <Hourglass aria-hidden="true" className="text-muted-foreground mx-auto size-10" />
        <h1 id="waiting-title" className="text-xl font-semibold">
          {title}
        </h1>
        <div className="text-muted-foreground space-y-2 text-sm">{body}</div>
      </section>
    </div>
  );
}
