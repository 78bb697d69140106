import { DuckDBInstance } from '@duckdb/node-api';
import type { ConstraintDatasetConfig } from './configs.js';
import type { TableColumns } from './binding.js';
import { outageMarkets } from './outages.js';
import { Params } from './params.js';
import { ident } from '../sql.js';
import { DuckDbFile } from '../duckdbFile.js';

/** Options of {@link ConstraintStore.open}: `knownDatasets` (catalogue ids) tell "not a constraint dataset" from unknown. */
export interface ConstraintStoreOptions {
  path: string;
  knownDatasets?: Iterable<string>;
}

/** What a dataset id is to the constraint endpoints. */
export type DatasetRole = 'constraint' | 'other' | 'unknown';

/** Read-only constraint database (schema.ts); configs, columns, location ids and outage markets are read once at open. */
export class ConstraintStore extends DuckDbFile {

  private constructor(
    instance: DuckDBInstance,
    private readonly configs: ReadonlyMap<string, ConstraintDatasetConfig>,
    private readonly tableColumns: ReadonlyMap<string, TableColumns>,
    private readonly known: ReadonlySet<string>,
    private readonly locationIds: ReadonlySet<string>,
    readonly outageMarkets: readonly string[],
    readonly path: string,
  ) {
    super(instance, 'ConstraintStore');
  }

  /** Opens the file read-only; throws when it is missing or not a constraint database. */
  static async open(options: ConstraintStoreOptions): Promise<ConstraintStore> {
    const instance = await DuckDBInstance.create(options.path, { access_mode: 'READ_ONLY' });
    try {
      const conn = await instance.connect();
      try {
        const configs = (await conn.runAndReadAll('SELECT * FROM gs_constraint_datasets ORDER BY dataset_id')).getRowObjectsJson() as unknown as ConstraintDatasetConfig[];
        const columns = new Map<string, TableColumns>();
        for (const config of configs) {
          const described = (await conn.runAndReadAll(`DESCRIBE ${ident(config.dataset_id)}`)).getRowObjectsJson();
          columns.set(config.dataset_id, described.map((row) => ({ name: String(row.column_name), type: String(row.column_type) })));
        }
        const locations = (await conn.runAndReadAll('SELECT gs_entity_id FROM gs_locations')).getRowObjectsJson().map((row) => String(row.gs_entity_id));
        const known = new Set([...(options.knownDatasets ?? []), ...configs.map((c) => c.dataset_id)]);
        const markets = await outageMarkets(conn);
        return new ConstraintStore(instance, new Map(configs.map((c) => [c.dataset_id, c])), columns, known, new Set(locations), markets, options.path);
      } finally {
        conn.closeSync();
      }
    } catch (error) {
      instance.closeSync();
      throw error;
    }
  }

  /** Every constraint dataset config, ordered by dataset id. */
  datasetConfigs(): ConstraintDatasetConfig[] {
    return [...this.configs.values()];
  }

  config(datasetId: string): ConstraintDatasetConfig | undefined {
    return this.configs.get(datasetId);
  }

  columns(datasetId: string): TableColumns {
    return this.tableColumns.get(datasetId) ?? [];
  }

  datasetRole(datasetId: string): DatasetRole {
    if (this.configs.has(datasetId)) return 'constraint';
    return this.known.has(datasetId) ? 'other' : 'unknown';
  }

  hasLocation(id: string): boolean {
    return this.locationIds.has(id);
  }

  async hasConstraint(id: string): Promise<boolean> {
    return this.withConnection(async (conn) => {
      const params = new Params();
      const rows = await conn.runAndReadAll(`SELECT 1 FROM gs_constraints WHERE gs_entity_id = ${params.add(id)} LIMIT 1`, params.values);
      return rows.currentRowCount > 0;
    });
  }


}
