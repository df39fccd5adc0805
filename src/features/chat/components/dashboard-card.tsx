// The dashboard's "Unread messages" card (contributed by ../area.ts, loaded as the dashboard shows
// it): how many unread messages in how many conversations, how many mention the user; live.
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { messages } from '../messages';
import { useUnread } from '../api/get-unread';

export function UnreadMessagesCard() {
  const t = useT(messages);
  const unread = useUnread(useAuth().user?.id ?? '');
  const s = unread.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('dashboard.title')}</h2>
        </CardTitle>
        <CardDescription>
          <Link to={paths.teamChat.path} className="underline-offset-4 hover:underline">
            {t('dashboard.open')}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-1 text-sm" data-testid="chat-unread-card">
        {unread.isPending ? (
          <p className="text-muted-foreground">{t('list.loading')}</p>
        ) : !s ? (
          <p className="text-destructive">{t('dashboard.loadFailed')}</p>
        ) : s.unread === 0 ? (
          <p className="text-muted-foreground">{t('dashboard.none')}</p>
        ) : (
          <>
            <p>{t('dashboard.summary', { count: s.unread, conversations: s.conversations })}</p>
            {s.mentions > 0 ? (
              <p className="font-medium text-amber-700 dark:text-amber-300">
                {t('dashboard.mentions', { count: s.mentions })}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
