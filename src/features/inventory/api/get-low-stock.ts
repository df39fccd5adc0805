// Low stock with the suggested order (inventory_low_stock; src/domain/inventory/reads.ts).
import { useQuery } from '@tanstack/react-query';
import { lowStockQueryOptions } from '@/domain/inventory/reads';

export const useLowStock = (enabled = true) => useQuery({ ...lowStockQueryOptions(), enabled });
