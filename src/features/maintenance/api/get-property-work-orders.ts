// One villa's work orders for its detail page (docs/maintenance.md "A villa's work orders"): the
// read is declared with the other work-order reads in src/domain/work-orders/reads.ts
// (`villaWorkOrders`: all of its open ones and the last few resolved or closed, kept on this device
// as the maintenance list keeps them, with the user's queued reports and moves on top).
import { useQuery } from '@tanstack/react-query';
import { propertyWorkOrdersQueryOptions } from '@/domain/work-orders/reads';

export {
  getPropertyWorkOrders,
  propertyWorkOrdersQueryOptions,
  RECENT_SHOWN,
  type PropertyWorkOrders,
} from '@/domain/work-orders/reads';

export function usePropertyWorkOrders(propertyId: string) {
  return useQuery(propertyWorkOrdersQueryOptions(propertyId));
}
