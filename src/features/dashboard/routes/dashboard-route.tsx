// The start screen for every role: a greeting, the areas this user can open, and for an account
// with no role yet, who to ask for access; then the cards the areas contribute (the registry,
// src/lib/areas.ts: today's villas, urgent and overdue work orders, my work orders), in order, to
// those they name. Its loader asks for the cards' reads as the route loads.
import { useDeferredValue } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WaitingForAccessNotice } from '@/components/waiting-for-access';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { firstNameOf, greetingFor } from '@/lib/format';
import { visibleNav } from '@/lib/navigation';
import { paths } from '@/lib/routes';
import { prefetchDashboardCards, useAreas, useCardsSettled, type DashboardCard } from '@/lib/areas';
import { permissionsQueryOptions, rolesQueryOptions } from '@/lib/auth/auth-queries';
import { storedSession } from '@/lib/stored-session';
import { roleLabel } from '@/lib/permissions';
import { messages } from '../messages';

/**
 * Asks for the reads of the cards this user is shown as the route loads, when the user's access is
 * already known (a later navigation; at a cold start the cards read as they draw), as the
 * housekeeping loader does. `cards`: the registry's (features never import the app: the router,
 * which composes it, passes them). Never waits for a read.
 */
export const clientLoader = (queryClient: QueryClient, cards: readonly DashboardCard[]) => () => {
  const userId = storedSession()?.user.id;
  if (!userId) return null;
  const roles = queryClient.getQueryData(rolesQueryOptions(userId).queryKey);
  const permissions = queryClient.getQueryData(permissionsQueryOptions(userId).queryKey);
  if (!roles || !permissions) return null;
  prefetchDashboardCards(queryClient, cards, { userId, roles, permissions });
  return null;
};

export function DashboardRoute() {
  const t = useT(messages);
  const { user, profile, roles, permissions } = useAuth();
  const name = firstNameOf(profile?.full_name) || user?.email || '';
  const hello = greetingFor(new Date().getHours());
  const greeting = name ? t('greeting', { greeting: hello, name }) : hello;
  const areas = visibleNav({ signedIn: true, roles, permissions })
    .flatMap((g) => g.areas)
    .filter((a) => a.path !== paths.home.path);
  const { dashboardCards } = useAreas();
  const cards =
    roles.length > 0 ? dashboardCards.filter((c) => c.visible({ roles, permissions })) : [];
  // The cards come in together, once each has its chunk and its read: one arriving late would
  // move those below it.
  const settled = useCardsSettled(cards, { userId: user?.id ?? '', roles, permissions });
  // The cards are the screen's largest render: drawn in a transition, in slices, not in one long
  // task the phone cannot answer a tap during (bench/README.md "Issue 29").
  const cardsShown = useDeferredValue(settled, false);

  return (
    <div className="space-y-6">
      {/* Its heading and line are the route table's: the build and boot.js paint them with the
          HTML (src/app/layouts/first-paint.tsx), before any script. */}
      <div className="space-y-3">
        <PageHeader title={paths.home.title} description={paths.home.description} />
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-base">{greeting}</span>
          {roles.map((r) => (
            <Badge key={r} variant="secondary">
              {roleLabel(r)}
            </Badge>
          ))}
        </p>
      </div>
      {roles.length === 0 ? <WaitingForAccessNotice /> : null}
      {areas.length > 0 ? (
        <section aria-labelledby="areas-title" className="space-y-3">
          <h2 id="areas-title" className="text-lg font-semibold">
            {t('yourAreas')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {areas.map((a) => (
              <li key={a.key}>
                <Link
                  to={a.path}
                  className="focus-visible:ring-ring/50 block rounded-xl outline-none focus-visible:ring-[3px]"
                >
                  <Card className="hover:bg-accent/50 h-full gap-2 py-4 transition-colors">
                    <CardHeader className="px-4">
                      <CardTitle className="flex items-center gap-2 text-base">
                        <a.icon aria-hidden="true" className="size-4" />
                        {a.title}
                      </CardTitle>
                      <CardDescription>{t(`area.${a.key}`)}</CardDescription>
                    </CardHeader>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {cardsShown ? (
        cards.map((c) => <c.Component key={c.key} />)
      ) : (
        // A loading state (data-loading): what waits for the first screen waits for the cards.
        <p role="status" data-loading="" className="text-muted-foreground text-sm">
          {t('cardsLoading')}
        </p>
      )}
    </div>
  );
}
