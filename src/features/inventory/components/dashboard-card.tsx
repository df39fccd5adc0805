// The dashboard's low-stock card for managers (contributed by ../area.ts, loaded as the dashboard
// shows it): how many places are at or below their reorder threshold, the first few with the
// suggested order, and a link to low stock on the inventory screen.
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { useLowStock } from '../api/get-low-stock';
import { messages } from '../messages';

/** How many low places the card lists. */
const SHOWN = 5;

export function LowStockCard() {
  const t = useT(messages);
  const low = useLowStock();
  const rows = low.data ?? [];
  const title = t('card.title');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>
            {title}
            {low.data ? ` (${rows.length})` : ''}
          </h2>
        </CardTitle>
        <CardDescription>
          <Link
            to={`${paths.inventory.path}?view=low`}
            className="underline-offset-4 hover:underline"
          >
            {t('card.more')}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {low.isPending ? (
          <p className="text-muted-foreground text-sm">{t('list.loading')}</p>
        ) : low.isError ? (
          <p className="text-destructive text-sm">{t('low.failed')}</p>
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('card.empty')}</p>
        ) : (
          <ul aria-label={title} className="space-y-1 text-sm">
            {rows.slice(0, SHOWN).map((r) => (
              <li key={r.id}>
                <Link
                  to={`${paths.inventory.path}?view=low&item=${encodeURIComponent(r.item_id)}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {r.item_name}
                </Link>{' '}
                <span className="text-muted-foreground">
                  {t('card.row', { onHand: r.on_hand, order: r.suggested_order })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
