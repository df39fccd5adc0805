import { AreaPlaceholder } from '@/components/area-placeholder';

export function InventoryRoute() {
  return (
    <AreaPlaceholder
      title="Inventory"
      description="Stock per location, par levels, transfers and counts."
    />
  );
}
