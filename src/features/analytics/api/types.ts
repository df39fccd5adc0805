// The analytics functions' rows (docs/analytics.md). The generated types say every column of a
// function's table is set; the total rows have no villa (or no priority) and an empty period has
// no averages or rates, so those columns are typed as nullable here.
import type { Database } from '@/lib/database.types';

type Functions = Database['public']['Functions'];

/** The seven figures, by their function's name without `analytics_`. */
export type AnalyticsFigure =
  | 'cleans'
  | 'turnovers'
  | 'inspections'
  | 'work_orders'
  | 'maintenance_cost'
  | 'stock'
  | 'occupancy';

type FunctionOf<F extends AnalyticsFigure> = `analytics_${F}`;

/** A range of company days (YYYY-MM-DD, both included) and the filters; null / absent: all. */
export interface AnalyticsParams {
  from: string;
  to: string;
  area?: string | null;
  propertyId?: string | null;
  cleaningTypeId?: string | null;
  personId?: string | null;
}

export type AnalyticsPeriod = 'current' | 'previous';

type Nullable<Row, K extends keyof Row> = Omit<Row, K> & { [P in K]: Row[P] | null };
type Raw<F extends AnalyticsFigure> = Functions[FunctionOf<F>]['Returns'][number];
type Villa = 'property_id' | 'property_code' | 'property_name';

type Shape<F extends AnalyticsFigure, K extends keyof Raw<F>> = Omit<
  Nullable<Raw<F>, K>,
  'period'
> & { period: AnalyticsPeriod };

export type CleansRow = Shape<'cleans', Villa | 'avg_minutes' | 'avg_estimated_minutes'>;
export type TurnoversRow = Shape<'turnovers', Villa | 'on_time_rate'>;
export type InspectionsRow = Shape<'inspections', Villa | 'pass_rate'>;
export type WorkOrdersRow = Shape<'work_orders', 'priority' | 'mean_hours_to_resolve'>;
export type MaintenanceCostRow = Shape<'maintenance_cost', Villa | 'category'>;
export type StockRow = Shape<'stock', Villa | 'cost_per_stay'>;
export type OccupancyRow = Shape<'occupancy', Villa | 'occupancy_rate'>;

export interface AnalyticsRows {
  cleans: CleansRow;
  turnovers: TurnoversRow;
  inspections: InspectionsRow;
  work_orders: WorkOrdersRow;
  maintenance_cost: MaintenanceCostRow;
  stock: StockRow;
  occupancy: OccupancyRow;
}
