import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ident, sqlString } from '../sql.js';
import { SYNTHETIC_INPUT_FILES, readSyntheticInputs } from '../synthetic/sources.js';
import type { ConstraintDatasetConfig } from './configs.js';
import { GENERATOR_VERSION, populateConstraintTables } from './populate.js';

const FILE_PREFIX = 'gridscope-constraints-';
const FILE_PATTERN = /^gridscope-constraints-[0-9a-f]{16}\.duckdb(\.wal)?$/;

/** Inputs of {@link ensureConstraintDatabase}: the main DuckDB file (DatasetStore.path) and the synthetic inputs' folder. */
export interface ConstraintBuildOptions {
  mainDbPath: string;
  dataDir: string;
  configs: readonly ConstraintDatasetConfig[];
}

// The main file's name is itself a hash of every source, so a changed dataset also renames this database.
async function buildHash(options: ConstraintBuildOptions): Promise<string> {
  const hash = createHash('sha256').update(`gridscope-constraints v${GENERATOR_VERSION}\n${path.basename(options.mainDbPath)}\n`);
  hash.update(JSON.stringify(options.configs));
  for (const file of SYNTHETIC_INPUT_FILES) hash.update(`\n${file}\n`).update(await readFile(path.join(options.dataDir, file)));
  return hash.digest('hex');
}

async function buildInto(target: string, options: ConstraintBuildOptions): Promise<void> {
  const inputs = await readSyntheticInputs(options.dataDir);
  const instance = await DuckDBInstance.create(target);
  try {
    const conn = await instance.connect();
    try {
      await conn.run(`ATTACH ${sqlString(options.mainDbPath)} AS src (READ_ONLY)`);
      for (const config of options.configs) {
        await conn.run(`CREATE TABLE ${ident(config.dataset_id)} AS SELECT * FROM src.${ident(config.dataset_id)}`);
      }
      await conn.run('DETACH src');
      await populateConstraintTables(conn, { configs: options.configs, inputs, builtAt: Date.now(), kind: 'embedded' });
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** Path of the constraint database (docs/constraints.md#storage), built when absent; throws if an input is missing. */
export async function ensureConstraintDatabase(options: ConstraintBuildOptions): Promise<string> {
  const cacheDir = path.dirname(options.mainDbPath);
  const target = path.join(cacheDir, `${FILE_PREFIX}${(await buildHash(options)).slice(0, 16)}.duckdb`);
  if (existsSync(target)) return target;
  const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await buildInto(temp, options);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    await rm(`${temp}.wal`, { force: true });
    if (!existsSync(target)) throw error;
  }
  for (const name of await readdir(cacheDir)) {
    if (FILE_PATTERN.test(name) && path.join(cacheDir, name) !== target) await rm(path.join(cacheDir, name), { force: true }).catch(() => undefined);
  }
  return target;
}
