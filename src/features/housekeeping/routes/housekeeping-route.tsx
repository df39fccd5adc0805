import { AreaPlaceholder } from '@/components/area-placeholder';

export function HousekeepingRoute() {
  return (
    <AreaPlaceholder
      title="Housekeeping"
      description="Cleaning tasks, today's route and checklists."
    />
  );
}
