import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function PropertyRoute() {
  const { id = '' } = useParams();
  return (
    <AreaPlaceholder
      title="Property"
      description={`Property ${id}: overview, reservations, tasks, work orders and stock.`}
    />
  );
}
