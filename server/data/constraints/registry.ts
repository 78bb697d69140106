import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatasetStore } from '../store.js';
import { ensureConstraintDatabase } from './build.js';
import { EMBEDDED_CONSTRAINT_DATASETS } from './configs.js';
import { ConstraintStore } from './store.js';

/**
 * One constraint database per dataset store, i.e. per server instance: the constraint, outage and
 * binding routes all ask {@link constraintStoreFor} and share it. It is built (or reused from the
 * cache folder) on first use, not at start-up, so servers that never answer a constraint request pay
 * nothing. Close it with {@link closeConstraintStoreFor} (the routes do, on app close).
 */

/** The repository's `data/` folder (the synthetic generators' inputs). */
export const REPOSITORY_DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));

const stores = new WeakMap<DatasetStore, Promise<ConstraintStore>>();

/** The dataset store's constraint database, built on first call. @throws when the build fails (the next call retries). */
export function constraintStoreFor(store: DatasetStore, dataDir = REPOSITORY_DATA_DIR): Promise<ConstraintStore> {
  let pending = stores.get(store);
  if (!pending) {
    const configs = EMBEDDED_CONSTRAINT_DATASETS.filter((config) => store.get(config.dataset_id) !== undefined);
    pending = ensureConstraintDatabase({ mainDbPath: store.path, dataDir, configs }).then((file) =>
      ConstraintStore.open({ path: file, knownDatasets: store.list().map((d) => d.id) }),
    );
    pending.catch(() => stores.delete(store));
    stores.set(store, pending);
  }
  return pending;
}

/** Closes the dataset store's constraint database if it was opened. Idempotent. */
export async function closeConstraintStoreFor(store: DatasetStore): Promise<void> {
  const pending = stores.get(store);
  stores.delete(store);
  if (pending) (await pending.catch(() => undefined))?.close();
}

/** Folder of a dataset store's cache (where the constraint database and exports live). */
export const cacheDirOf = (store: DatasetStore): string => path.dirname(store.path);
