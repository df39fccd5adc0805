import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function PropertyFormRoute() {
  const { id } = useParams();
  return id ? (
    <AreaPlaceholder title="Edit property" description={`Edit property ${id}.`} />
  ) : (
    <AreaPlaceholder title="New property" description="Add a villa to Arivia Ops." />
  );
}
