// Who made each movement: the staff's names (src/domain/staff/names.ts, kept on this device).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStaffNames } from '@/domain/staff/names';
import { inventoryKeys } from '@/domain/inventory/keys';

export const staffNamesQueryOptions = () =>
  queryOptions({ queryKey: inventoryKeys.staff(), queryFn: getStaffNames });

export const useStaffNames = () => useQuery(staffNamesQueryOptions());
