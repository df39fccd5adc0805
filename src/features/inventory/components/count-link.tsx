// "Count stock": to count mode (docs/inventory.md "Count mode") from the inventory screen and from
// a villa's page (inventory's property action, ../area.ts), that villa chosen. Shown to those who
// may count (inventory.adjust). Small and loaded with the frame.
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { hasPermission } from '@/lib/permissions';
import { paths } from '@/lib/routes';
import { messages } from '../messages';

export function CountLink({ propertyId }: { propertyId?: string | undefined }) {
  const t = useT(messages);
  const { permissions } = useAuth();
  if (!hasPermission(permissions, 'inventory.adjust')) return null;
  const to = propertyId
    ? `${paths.inventory.path}?view=count&villa=${encodeURIComponent(propertyId)}`
    : `${paths.inventory.path}?view=count`;
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={to}>
        <ClipboardList aria-hidden="true" />
        {t('count.open')}
      </Link>
    </Button>
  );
}
