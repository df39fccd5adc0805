// RPC analytics_work_orders(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsWorkOrders = analyticsResource('work_orders');

export const getWorkOrdersQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('work_orders', analyticsWorkOrders, params);

export const useWorkOrders = (params: AnalyticsParams) =>
  useQuery(getWorkOrdersQueryOptions(params));
