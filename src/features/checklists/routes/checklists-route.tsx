import { AreaPlaceholder } from '@/components/area-placeholder';

export function ChecklistsRoute() {
  return (
    <AreaPlaceholder
      title="Checklists"
      description="Checklist templates per cleaning type and property."
    />
  );
}
