import { AreaPlaceholder } from '@/components/area-placeholder';

export function AnalyticsRoute() {
  return (
    <AreaPlaceholder
      title="Analytics"
      description="Cleaning, maintenance and stock figures for a date range."
    />
  );
}
