import { AreaPlaceholder } from '@/components/area-placeholder';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';

export function TeamChatRoute() {
  const t = useT(messages);
  return <AreaPlaceholder title={t('title')} description={t('description')} />;
}
