import { AreaPlaceholder } from '@/components/area-placeholder';

export function RecurringTasksRoute() {
  return (
    <AreaPlaceholder
      title="Recurring Tasks"
      description="Schedules for recurring housekeeping and maintenance."
    />
  );
}
