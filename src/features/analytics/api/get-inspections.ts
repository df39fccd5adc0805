// RPC analytics_inspections(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsInspections = analyticsResource('inspections');

export const getInspectionsQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('inspections', analyticsInspections, params);

export const useInspections = (params: AnalyticsParams) =>
  useQuery(getInspectionsQueryOptions(params));
