import { AreaPlaceholder } from '@/components/area-placeholder';

export function MaintenanceRoute() {
  return (
    <AreaPlaceholder title="Maintenance" description="Work orders by urgency and next check-in." />
  );
}
