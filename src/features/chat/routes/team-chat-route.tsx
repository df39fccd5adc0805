import { AreaPlaceholder } from '@/components/area-placeholder';

export function TeamChatRoute() {
  return (
    <AreaPlaceholder
      title="Team Chat"
      description="Team channels, property channels and threads on the work."
    />
  );
}
