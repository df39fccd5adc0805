import { CheckCircle2, Download, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/routes';
import { promptInstall, useInstallState } from '../pwa/install-prompt';
import { installPlatform, type InstallPlatform } from '../pwa/platform';

interface Guide {
  id: string;
  title: string;
  /** Platforms this guide is for: the visitor's comes first, marked "Your device". */
  platforms: InstallPlatform[];
  description: string;
  steps: ReactNode[];
  note?: string;
}

const GUIDES: Guide[] = [
  {
    id: 'ios',
    title: 'iPhone and iPad (Safari)',
    platforms: ['ios'],
    description: 'Installed from the Share menu.',
    steps: [
      '1. Tap Share button (the square with an arrow, in the toolbar)',
      '2. Select "Add to Home Screen"',
      '3. Tap Add, then open Arivia Ops from your home screen',
    ],
    note: 'Before iOS 16.4 only Safari can add web apps to the home screen; from iOS 16.4 Chrome, Edge and Firefox can too, from their own Share menu.',
  },
  {
    id: 'android-chrome',
    title: 'Android (Chrome)',
    platforms: ['android-chrome'],
    description: 'Chrome offers to install the app.',
    steps: [
      '1. Open the browser menu (⋮)',
      '2. Choose "Install app" (or "Add to Home screen")',
      '3. Confirm with Install',
    ],
  },
  {
    id: 'samsung',
    title: 'Samsung Internet',
    platforms: ['samsung'],
    description: 'From the address bar or the menu.',
    steps: [
      '1. Tap the install icon in the address bar, or open the menu (☰)',
      '2. Choose "Add page to" and then "Home screen"',
      '3. Confirm with Add',
    ],
  },
  {
    id: 'desktop-chromium',
    title: 'Windows, macOS, Linux and ChromeOS (Chrome, Edge)',
    platforms: ['desktop-chromium'],
    description: 'The app opens in its own window and from the Start menu, Dock or launcher.',
    steps: [
      '1. Click the install icon at the right end of the address bar',
      '2. Or open the menu (⋮ or …) and choose "Install Arivia Ops" (in Edge: Apps > Install this site as an app)',
      '3. Confirm with Install',
    ],
  },
  {
    id: 'macos-safari',
    title: 'macOS (Safari 17 or later)',
    platforms: ['macos-safari'],
    description: 'Safari adds web apps to the Dock.',
    steps: ['1. Choose File > Add to Dock', '2. Confirm with Add'],
  },
  {
    id: 'firefox',
    title: 'Firefox',
    platforms: ['desktop-firefox', 'android-firefox'],
    description: 'Firefox on Android installs web apps; Firefox on the desktop does not.',
    steps: [
      'Android: open the menu (⋮) and choose "Install" (or "Add to Home screen")',
      'Desktop: open Arivia Ops in Chrome or Edge to install it',
    ],
  },
];

/** SEED-SPEC §2 /install: how to install on each platform, the visitor's first. */
export function InstallRoute() {
  usePageTitle('Install Arivia Ops');
  const install = useInstallState();
  const platform = installPlatform();
  const mine = GUIDES.filter((g) => g.platforms.includes(platform));
  const others = GUIDES.filter((g) => !g.platforms.includes(platform));

  return (
    <main className="mx-auto flex min-h-svh max-w-2xl flex-col gap-6 p-4 py-10">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Install Arivia Ops</h1>
        <p className="text-muted-foreground text-sm">
          Installed, Arivia Ops opens from your home screen like an app and keeps working with no
          signal.
        </p>
      </div>

      {install.standalone || install.installed ? (
        <Card role="status" className="border-primary/40">
          <CardContent className="flex items-center gap-3">
            <CheckCircle2 className="text-primary size-5 shrink-0" aria-hidden />
            <p className="text-sm font-medium">Arivia Ops is installed</p>
          </CardContent>
        </Card>
      ) : install.offer ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">Your browser can install Arivia Ops right away.</p>
            <Button
              onClick={() => {
                void promptInstall().catch((e: unknown) => console.error('Install prompt', e));
              }}
            >
              <Download />
              Install App
            </Button>
          </CardContent>
        </Card>
      ) : null}

      {[...mine, ...others].map((guide) => (
        <Card key={guide.id} data-testid={`install-guide-${guide.id}`}>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <h2>{guide.title}</h2>
              {mine.includes(guide) ? <Badge>Your device</Badge> : null}
            </CardTitle>
            <CardDescription>{guide.description}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <ol className="list-none space-y-2 text-sm">
              {guide.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
            {guide.note ? <p className="text-muted-foreground text-xs">{guide.note}</p> : null}
          </CardContent>
        </Card>
      ))}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <WifiOff className="size-4" aria-hidden />
            <h2>What works offline</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="text-muted-foreground list-disc space-y-2 pl-5 text-sm">
            <li>
              The app opens with no connection, with the day's properties, tasks and inventory as
              they were when they last synced.
            </li>
            <li>
              Changes you make offline are queued on the device and sent when the connection
              returns; the Sync Queue shows what is waiting.
            </li>
            <li>
              Nothing queued is lost when you close the app or sign out. Installed apps also keep
              their stored data longer than a browser tab.
            </li>
          </ul>
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
