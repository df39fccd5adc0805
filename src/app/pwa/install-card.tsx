import { Download, Share, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { messages } from './messages';
import {
  dismissInstallCard,
  installCardVisible,
  promptInstall,
  useInstallState,
} from './install-prompt';

/** SEED-SPEC §2 Install card: the browser's install offer, or the Share-menu steps on iOS. */
export function InstallCard() {
  const t = useT(messages);
  const state = useInstallState();
  const titleId = useId();
  if (!installCardVisible(state)) return null;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="relative gap-3 px-4 py-4 pr-10 shadow-lg"
      data-testid="install-card"
    >
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-2 right-2"
        aria-label={t('install.dismiss')}
        onClick={dismissInstallCard}
      >
        <X />
      </Button>
      <div className="flex items-center gap-2">
        <Download className="text-muted-foreground size-4 shrink-0" aria-hidden />
        <h2 id={titleId} className="text-sm font-semibold">
          {t('install.title')}
        </h2>
      </div>
      {state.ios ? (
        <div className="space-y-2 text-sm">
          <ol className="space-y-1">
            <li className="flex items-center gap-1">
              {t('install.iosShare')}
              <Share className="size-4" aria-hidden />
            </li>
            <li>{t('install.iosAdd')}</li>
          </ol>
          <Link to={paths.install.path} className="text-primary underline underline-offset-4">
            {t('install.details')}
          </Link>
        </div>
      ) : (
        <div className="space-y-3 text-sm">
          <p className="text-muted-foreground">{t('install.pitch')}</p>
          <Button
            size="sm"
            onClick={() => {
              void promptInstall().catch((e: unknown) => console.error('Install prompt', e));
            }}
          >
            <Download />
            {t('install.button')}
          </Button>
        </div>
      )}
    </Card>
  );
}
