// One villa's stock for its page (src/domain/inventory/reads.ts `villaStock`, kept on this device).
import { useQuery } from '@tanstack/react-query';
import { villaStockQueryOptions } from '@/domain/inventory/reads';

export const useVillaStock = (propertyId: string) => useQuery(villaStockQueryOptions(propertyId));
