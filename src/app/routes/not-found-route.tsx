import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { messages } from '../messages';

const MARK = '\u0000';

export function NotFoundRoute() {
  const t = useT(messages);
  usePageTitle(t('notFound.title'));
  const { pathname } = useLocation();
  // The path goes in the sentence as code: the text around it, in the language's order.
  const [before, after] = t('notFound.body', { path: MARK }).split(MARK);
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <div className="max-w-md space-y-4 text-center">
        <Compass aria-hidden="true" className="text-muted-foreground mx-auto size-12" />
        <p className="text-muted-foreground text-sm font-medium">404</p>
        <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
        <p className="text-muted-foreground text-sm">
          {before}
          <code className="bg-muted text-foreground rounded px-1 break-all">{pathname}</code>
          {after}
        </p>
        <Button asChild>
          <Link to={paths.home.path}>{t('notFound.back')}</Link>
        </Button>
      </div>
    </main>
  );
}
