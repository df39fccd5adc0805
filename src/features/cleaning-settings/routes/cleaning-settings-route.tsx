import { AreaPlaceholder } from '@/components/area-placeholder';

export function CleaningSettingsRoute() {
  return (
    <AreaPlaceholder
      title="Cleaning Settings"
      description="Cleaning types, default durations and turnover rules."
    />
  );
}
