import { CheckCircle2, Download, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { promptInstall, useInstallState } from '../pwa/install-prompt';
import { installPlatform, type InstallPlatform } from '../pwa/platform';
import { messages } from './messages';

type Key = Parameters<typeof messages.t>[0];

/** A platform's guide, as keys of the catalogue (src/app/routes/locales, docs/i18n.md). */
interface Guide {
  id: string;
  title: Key;
  /** Platforms this guide is for: the visitor's comes first, marked "Your device". */
  platforms: InstallPlatform[];
  description: Key;
  steps: Key[];
  note?: Key;
}

const GUIDES: Guide[] = [
  {
    id: 'ios',
    title: 'guide.ios.title',
    platforms: ['ios'],
    description: 'guide.ios.description',
    steps: ['guide.ios.step1', 'guide.ios.step2', 'guide.ios.step3'],
    note: 'guide.ios.note',
  },
  {
    id: 'android-chrome',
    title: 'guide.androidChrome.title',
    platforms: ['android-chrome'],
    description: 'guide.androidChrome.description',
    steps: ['guide.androidChrome.step1', 'guide.androidChrome.step2', 'guide.androidChrome.step3'],
  },
  {
    id: 'samsung',
    title: 'guide.samsung.title',
    platforms: ['samsung'],
    description: 'guide.samsung.description',
    steps: ['guide.samsung.step1', 'guide.samsung.step2', 'guide.samsung.step3'],
  },
  {
    id: 'desktop-chromium',
    title: 'guide.desktopChromium.title',
    platforms: ['desktop-chromium'],
    description: 'guide.desktopChromium.description',
    steps: [
      'guide.desktopChromium.step1',
      'guide.desktopChromium.step2',
      'guide.desktopChromium.step3',
    ],
  },
  {
    id: 'macos-safari',
    title: 'guide.macosSafari.title',
    platforms: ['macos-safari'],
    description: 'guide.macosSafari.description',
    steps: ['guide.macosSafari.step1', 'guide.macosSafari.step2'],
  },
  {
    id: 'firefox',
    title: 'guide.firefox.title',
    platforms: ['desktop-firefox', 'android-firefox'],
    description: 'guide.firefox.description',
    steps: ['guide.firefox.step1', 'guide.firefox.step2'],
  },
];

/** SEED-SPEC §2 /install: how to install on each platform, the visitor's first. */
export function InstallRoute() {
  const t = useT(messages);
  usePageTitle(paths.install.title);
  const install = useInstallState();
  const platform = installPlatform();
  const mine = GUIDES.filter((g) => g.platforms.includes(platform));
  const others = GUIDES.filter((g) => !g.platforms.includes(platform));

  return (
    <main className="mx-auto flex min-h-svh max-w-2xl flex-col gap-6 p-4 py-10">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{paths.install.title}</h1>
        <p className="text-muted-foreground text-sm">{t('install.intro')}</p>
      </div>

      {install.standalone || install.installed ? (
        <Card role="status" className="border-primary/40">
          <CardContent className="flex items-center gap-3">
            <CheckCircle2 className="text-primary size-5 shrink-0" aria-hidden />
            <p className="text-sm font-medium">{t('install.installed')}</p>
          </CardContent>
        </Card>
      ) : install.offer ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">{t('install.offer')}</p>
            <Button
              onClick={() => {
                void promptInstall().catch((e: unknown) => console.error('Install prompt', e));
              }}
            >
              <Download />
              {t('install.button')}
            </Button>
          </CardContent>
        </Card>
      ) : null}

      {[...mine, ...others].map((guide) => (
        <Card key={guide.id} data-testid={`install-guide-${guide.id}`}>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <h2>{t(guide.title)}</h2>
              {mine.includes(guide) ? <Badge>{t('install.yourDevice')}</Badge> : null}
            </CardTitle>
            <CardDescription>{t(guide.description)}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <ol className="list-none space-y-2 text-sm">
              {guide.steps.map((step) => (
                <li key={step}>{t(step)}</li>
              ))}
            </ol>
            {guide.note ? <p className="text-muted-foreground text-xs">{t(guide.note)}</p> : null}
          </CardContent>
        </Card>
      ))}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <WifiOff className="size-4" aria-hidden />
            <h2>{t('install.offlineTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="text-muted-foreground list-disc space-y-2 pl-5 text-sm">
            <li>{t('install.offline1')}</li>
            <li>{t('install.offline2')}</li>
            <li>{t('install.offline3')}</li>
          </ul>
        </CardContent>
      </Card>

      <div>
        <Button asChild variant="outline">
          <Link to={paths.home.path}>{t('install.back')}</Link>
        </Button>
      </div>
    </main>
  );
}
