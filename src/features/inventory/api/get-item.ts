// One item: its stock per location and its latest movements (src/domain/inventory/reads.ts).
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions } from '@/domain/inventory/reads';

export const useItem = (id: string | null) =>
  useQuery({ ...itemQueryOptions(id ?? ''), enabled: id !== null });
