// RPC analytics_turnovers(p_from, p_to, filters): docs/analytics.md says what each column is.
import { useQuery } from '@tanstack/react-query';
import { analyticsQueryOptions, analyticsResource } from './analytics-read';
import type { AnalyticsParams } from './types';

export const analyticsTurnovers = analyticsResource('turnovers');

export const getTurnoversQueryOptions = (params: AnalyticsParams) =>
  analyticsQueryOptions('turnovers', analyticsTurnovers, params);

export const useTurnovers = (params: AnalyticsParams) => useQuery(getTurnoversQueryOptions(params));
