import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminSettingsRoute() {
  return (
    <AreaPlaceholder
      title="System Settings"
      description="Company name, time zone, support e-mail and defaults."
    />
  );
}
