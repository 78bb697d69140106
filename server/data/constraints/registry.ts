import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatasetStore } from '../store.js';
import { ensureConstraintDatabase } from './build.js';
import { EMBEDDED_CONSTRAINT_DATASETS } from './configs.js';
import { ConstraintStore } from './store.js';

/** The repository's `data/` folder (the synthetic generators' inputs). */
export const REPOSITORY_DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));

const stores = new WeakMap<DatasetStore, Promise<ConstraintStore>>();

/** The store's constraint database, shared by the routes and built on first use, not at start-up; a failed build is retried. */
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

/** Closes the dataset store's constraint database if it was opened; idempotent. */
export async function closeConstraintStoreFor(store: DatasetStore): Promise<void> {
  const pending = stores.get(store);
  stores.delete(store);
  if (pending) (await pending.catch(() => undefined))?.close();
}

/** Folder of a dataset store's cache (where the constraint database and exports live). */
export const cacheDirOf = (store: DatasetStore): string => path.dirname(store.path);
