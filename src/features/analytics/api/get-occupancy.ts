// RPC analytics_occupancy(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsOccupancy = analyticsResource('occupancy');

export const getOccupancyQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('occupancy', analyticsOccupancy, params);

export const useOccupancy = (params: AnalyticsParams) => useQuery(getOccupancyQueryOptions(params));
