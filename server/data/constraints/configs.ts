/**
 * Constraint datasets: which catalogue tables carry binding constraints and how to read them
 * (stored in `gs_constraint_datasets`, so fixtures and the `--scale` data can declare their own).
 * `price_kind` says whether a dataset's shadow prices feed `rt_absolute_cost` or `da_absolute_cost`
 * of the constraints list, and is the second key of its `dataset_metadata`.
 */

/** One constraint dataset. Column names are lower snake_case (they reach SQL through `ident`). */
export interface ConstraintDatasetConfig {
  dataset_id: string;
  market_id: string;
  /** Column with the constraint (monitored facility) name. */
  constraint_column: string;
  /** Column with the contingency name, or null when the dataset has none (spec endpoint 4). */
  contingency_column: string | null;
  /** Shadow price column ($/MWh), or null for datasets without prices. */
  shadow_price_column: string | null;
  price_kind: 'rt' | 'da' | null;
  time_index_column: string;
  /** Interval end; interval hours = (end − time index) in hours. */
  interval_end_column: string;
  /**
   * Markdown description, or null/absent for the embedded datasets (their description is the
   * catalogue's). A dataset of generated rows (the `--scale` data, test fixtures) says "SYNTHETIC"
   * here; its id is never a catalogue id, so it cannot be taken for the real sample.
   */
  description?: string | null;
}

const PJM_COLUMNS = {
  market_id: 'pjm',
  constraint_column: 'monitored_facility',
  contingency_column: 'contingency_facility',
  time_index_column: 'interval_start_utc',
  interval_end_column: 'interval_end_utc',
} as const;

/** The embedded PJM constraint datasets (real Data Miner 2 samples; see the catalogue). */
export const EMBEDDED_CONSTRAINT_DATASETS: readonly ConstraintDatasetConfig[] = [
  { dataset_id: 'pjm_marginal_value_day_ahead_hourly', ...PJM_COLUMNS, shadow_price_column: 'shadow_price', price_kind: 'da' },
  { dataset_id: 'pjm_marginal_value_real_time_5_min', ...PJM_COLUMNS, shadow_price_column: 'shadow_price', price_kind: 'rt' },
  { dataset_id: 'pjm_transmission_constraints_day_ahead_hourly', ...PJM_COLUMNS, shadow_price_column: null, price_kind: null },
];
