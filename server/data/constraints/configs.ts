/** A binding-constraint table: snake_case columns, shadow price $/MWh; a generated one's `description` starts "SYNTHETIC". */
export interface ConstraintDatasetConfig {
  dataset_id: string;
  market_id: string;
  constraint_column: string;
  contingency_column: string | null;
  shadow_price_column: string | null;
  price_kind: 'rt' | 'da' | null;
  time_index_column: string;
  interval_end_column: string;
  description?: string | null;
}

const PJM_COLUMNS = {
  market_id: 'pjm',
  constraint_column: 'monitored_facility',
  contingency_column: 'contingency_facility',
  time_index_column: 'interval_start_utc',
  interval_end_column: 'interval_end_utc',
} as const;

/** The embedded PJM constraint datasets (real Data Miner 2 samples). */
export const EMBEDDED_CONSTRAINT_DATASETS: readonly ConstraintDatasetConfig[] = [
  { dataset_id: 'pjm_marginal_value_day_ahead_hourly', ...PJM_COLUMNS, shadow_price_column: 'shadow_price', price_kind: 'da' },
  { dataset_id: 'pjm_marginal_value_real_time_5_min', ...PJM_COLUMNS, shadow_price_column: 'shadow_price', price_kind: 'rt' },
  { dataset_id: 'pjm_transmission_constraints_day_ahead_hourly', ...PJM_COLUMNS, shadow_price_column: null, price_kind: null },
];
