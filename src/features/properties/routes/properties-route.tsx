import { AreaPlaceholder } from '@/components/area-placeholder';

export function PropertiesRoute() {
  return (
    <AreaPlaceholder
      title="Properties"
      description="Villas, their access notes and guest-ready state."
    />
  );
}
