// RPC analytics_stock(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsStock = analyticsResource('stock');

export const getStockQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('stock', analyticsStock, params);

export const useStock = (params: AnalyticsParams) => useQuery(getStockQueryOptions(params));
