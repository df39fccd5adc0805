// RPC analytics_maintenance_cost(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsMaintenanceCost = analyticsResource('maintenance_cost');

export const getMaintenanceCostQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('maintenance_cost', analyticsMaintenanceCost, params);

export const useMaintenanceCost = (params: AnalyticsParams) =>
  useQuery(getMaintenanceCostQueryOptions(params));
