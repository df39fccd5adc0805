// "Report a problem" from anywhere (docs/maintenance.md): the app frame's header and a villa's page
// (maintenance's header and property actions, ../area.ts) open the maintenance screen's report
// form, the villa filled in where it is known. Shown only to those who may report
// (maintenance.report, or maintenance.manage). Small and loaded with the frame (no pop-in).
import { Link } from 'react-router';
import { Wrench } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { hasAnyPermission } from '@/lib/permissions';
import { useT } from '@/lib/i18n/catalog';
import { paths } from '@/lib/routes';
import { messages } from '../messages';

function reportProblemHref(propertyId?: string): string {
  const search = new URLSearchParams({ report: '1' });
  if (propertyId) search.set('villa', propertyId);
  return `${paths.maintenance.path}?${search.toString()}`;
}

export function ReportProblemLink({
  propertyId,
  iconOnlyOnPhones = false,
}: {
  propertyId?: string;
  /** In the header: the words hide below 640 px, the button keeps its accessible name. */
  iconOnlyOnPhones?: boolean;
}) {
  const t = useT(messages);
  const { permissions } = useAuth();
  if (!hasAnyPermission(permissions, ['maintenance.report', 'maintenance.manage'])) return null;
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={reportProblemHref(propertyId)}>
        <Wrench aria-hidden="true" />
        <span className={iconOnlyOnPhones ? 'sr-only sm:not-sr-only' : undefined}>
          {t('reportProblem')}
        </span>
      </Link>
    </Button>
  );
}
