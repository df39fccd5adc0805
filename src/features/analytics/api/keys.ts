// Query keys of the analytics area: one factory, so invalidation matches what the reads cache.
import type { AnalyticsFigure, AnalyticsParams } from './types';

export const analyticsKeys = {
  all: ['analytics'] as const,
  figures: (figure: AnalyticsFigure) => [...analyticsKeys.all, figure] as const,
  figure: (figure: AnalyticsFigure, params: AnalyticsParams) =>
    [...analyticsKeys.figures(figure), params] as const,
};
