import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/paths';

// Detailed instructions; the install card and prompt come with the offline issue.
export function InstallRoute() {
  usePageTitle('Install Arivia Ops');
  return (
    <main className="mx-auto flex min-h-svh max-w-2xl flex-col gap-6 p-4 py-10">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Install Arivia Ops</h1>
        <p className="text-muted-foreground text-sm">
          Installed, Arivia Ops opens from your home screen like an app and keeps working with no
          signal.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>iPhone and iPad (Safari)</h2>
          </CardTitle>
          <CardDescription>Safari installs web apps from its Share menu.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="list-none space-y-2 text-sm">
            <li>1. Tap Share button</li>
            <li>2. Select "Add to Home Screen"</li>
            <li>3. Tap Add, then open Arivia Ops from your home screen.</li>
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Android, Windows, macOS and Linux (Chrome, Edge)</h2>
          </CardTitle>
          <CardDescription>Chromium browsers offer to install the app.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="list-none space-y-2 text-sm">
            <li>1. Open the browser menu (⋮).</li>
            <li>2. Choose "Install app" or "Add to Home screen".</li>
            <li>3. Confirm with Install.</li>
          </ol>
        </CardContent>
      </Card>
      <div>
        <Button asChild variant="outline">
          <Link to={paths.home.path}>Back to Arivia Ops</Link>
        </Button>
      </div>
    </main>
  );
}
