import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/routes';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <div className="max-w-md space-y-4 text-center">
        <Compass aria-hidden="true" className="text-muted-foreground mx-auto size-12" />
        <p className="text-muted-foreground text-sm font-medium">404</p>
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p className="text-muted-foreground text-sm">
          There is no page at{' '}
          <code className="bg-muted text-foreground rounded px-1 break-all">{pathname}</code>. It
          may have moved, or the link may be mistyped.
        </p>
        <Button asChild>
          <Link to={paths.home.path}>Back to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
