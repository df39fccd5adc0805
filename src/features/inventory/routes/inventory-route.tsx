import { AreaPlaceholder } from '@/components/area-placeholder';
import { useT } from '@/lib/i18n/catalog';
import { CountLink } from '../components/count-link';
import { messages } from '../messages';

export function InventoryRoute() {
  const t = useT(messages);
  return (
    <div className="space-y-4">
      <CountLink />
      <AreaPlaceholder title={t('title')} description={t('description')} />
    </div>
  );
}
