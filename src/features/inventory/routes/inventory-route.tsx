import { AreaPlaceholder } from '@/components/area-placeholder';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function InventoryRoute() {
  const t = useT(messages);
  return <AreaPlaceholder title={t('title')} description={t('description')} />;
}
