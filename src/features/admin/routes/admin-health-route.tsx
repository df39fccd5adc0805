import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminHealthRoute() {
  return (
    <AreaPlaceholder
      title="System Health"
      description="Database, realtime, storage, sync and web vitals."
    />
  );
}
