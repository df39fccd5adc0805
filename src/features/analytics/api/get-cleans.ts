// RPC analytics_cleans(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsCleans = analyticsResource('cleans');

export const getCleansQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('cleans', analyticsCleans, params);

export const useCleans = (params: AnalyticsParams) => useQuery(getCleansQueryOptions(params));
