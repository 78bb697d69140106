import { createHmac, randomBytes } from 'node:crypto';
import type { ApiUsage, AuditRow, ClientColumnValue, DatasetWithTimezone, ErrorCode, ProfileName } from '../../../shared/index.js';
import type { ProxyTarget } from './proxy.js';

/**
 * In-memory /v1 metadata of each profile, so that sizing a query (`datasets:estimate`) needs no
 * request the plan counts: dataset bodies (`datasets:get`), per-market-date audit counts
 * (`datasets:audit`), column values with their row counts (`datasets:columnValues`) and the last
 * `/api_usage`. The verbs that fetch them fill it; the estimate only reads it.
 *
 * Entries belong to a scope: the profile plus the identity of the server and key it was fetched
 * from: its base URL (the embedded server's changes per run) and an HMAC of the key under a
 * per-process salt, so the key itself is never held here. One scope is kept per
 * profile: a new identity (key set or cleared, Remote URL changed, embedded server restarted)
 * drops the old scope's entries, so Remote and Embedded answers, or two keys' answers, never mix.
 * {@link MetadataCache.clear} drops them explicitly (profile switch, key change, cache cleared).
 *
 * A dataset body that differs from the cached one in what sizes a query (availability window, row
 * count, frequency, subseries / publish time / time index column, zone) replaces it and drops that
 * dataset's audit counts and column values, which described the old data.
 */

/** Who the cached answers came from: `id` is the identity described above. */
export interface MetadataIdentity {
  profile: ProfileName;
  id: string;
}

/** One `datasets:columnValues` answer: `search` '' for the unsearched list; `truncated` when more values matched. */
export interface ValuesAnswer {
  search: string;
  values: ClientColumnValue[];
  truncated: boolean;
}

/** Audit counts of a dataset, or the server's refusal of them (e.g. `forbidden` on a plan without audit). */
export type AuditEntry = { rows: AuditRow[] } | { refused: ErrorCode };

/** The cached metadata of one scope. Reads never call /v1. */
export interface MetadataScope {
  readonly profile: ProfileName;
  dataset(id: string): DatasetWithTimezone | undefined;
  /** Stores a dataset body; `changed` when it replaced a different one (whose audit and values are then dropped). */
  putDataset(dataset: DatasetWithTimezone): 'new' | 'same' | 'changed';
  /**
   * Reads the `dataset_metadata` of a query answer (any subset of the dataset fields): when a field
   * that sizes a query is present and differs from the cached body, the dataset's entries are dropped.
   * @returns true when entries were dropped.
   */
  checkQueryMetadata(id: string, metadata: unknown): boolean;
  audit(id: string): AuditEntry | undefined;
  putAudit(id: string, entry: AuditEntry): void;
  /** Every cached answer for the column, newest first. */
  values(id: string, column: string): ValuesAnswer[];
  putValues(id: string, column: string, answer: ValuesAnswer): void;
  /** The last usage read and when (epoch ms). */
  usage(): { usage: ApiUsage; at: number } | undefined;
  putUsage(usage: ApiUsage): void;
}

export interface MetadataCache {
  /** The scope of the active profile's server and key; null when there is none (e.g. Remote without a key). */
  scope(): Promise<MetadataScope | null>;
  /** Drops the entries of one profile, or of all; returns how many datasets were dropped. */
  clear(profile?: ProfileName): number;
}

export interface MetadataCacheOptions {
  /** The identity of the active target, or null; a throw counts as null. */
  identify: () => Promise<MetadataIdentity | null>;
  now?: () => number;
  /** Datasets kept per scope; the least recently stored go first (default 200). */
  maxDatasets?: number;
  /** Answers kept per column (default 20). */
  maxAnswersPerColumn?: number;
}

/** Dataset fields whose change means the cached audit counts and column values describe other data. */
const SIZING_FIELDS = [
  'earliest_available_time_utc',
  'latest_available_time_utc',
  'number_of_rows_approximate',
  'data_frequency',
  'subseries_index_column',
  'publish_time_column',
  'time_index_column',
  'data_timezone',
] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Same value of a sizing field: times compare as instants (`…Z` and `…+00:00` are equal). */
function sameField(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (typeof a === 'string' && typeof b === 'string') {
    const [x, y] = [Date.parse(a), Date.parse(b)];
    return !Number.isNaN(x) && x === y;
  }
  return false;
}

interface DatasetEntry {
  dataset?: DatasetWithTimezone;
  audit?: AuditEntry;
  values: Map<string, ValuesAnswer[]>;
}

function createScope(profile: ProfileName, now: () => number, maxDatasets: number, maxAnswers: number): MetadataScope & { size(): number } {
  const datasets = new Map<string, DatasetEntry>();
  let lastUsage: { usage: ApiUsage; at: number } | undefined;

  /** The entry of `id`, created when absent and moved to the newest place (Map order = eviction order). */
  const entry = (id: string): DatasetEntry => {
    const found = datasets.get(id) ?? { values: new Map() };
    datasets.delete(id);
    datasets.set(id, found);
    while (datasets.size > maxDatasets) datasets.delete(datasets.keys().next().value!);
    return found;
  };
  const differs = (cached: DatasetWithTimezone, fresh: Record<string, unknown>): boolean =>
    SIZING_FIELDS.some((f) => f in fresh && fresh[f] !== undefined && !sameField(cached[f], fresh[f]));

  return {
    profile,
    size: () => datasets.size,
    dataset: (id) => datasets.get(id)?.dataset,
    putDataset(dataset) {
      const e = entry(dataset.id);
      const state = !e.dataset ? 'new' : differs(e.dataset, dataset) ? 'changed' : 'same';
      if (state === 'changed') {
        delete e.audit;
        e.values.clear();
      }
      e.dataset = dataset;
      return state;
    },
    checkQueryMetadata(id, metadata) {
      const cached = datasets.get(id)?.dataset;
      if (!cached || !isRecord(metadata) || !differs(cached, metadata)) return false;
      datasets.delete(id);
      return true;
    },
    audit: (id) => datasets.get(id)?.audit,
    putAudit(id, audit) {
      entry(id).audit = audit;
    },
    values: (id, column) => datasets.get(id)?.values.get(column) ?? [],
    putValues(id, column, answer) {
      const e = entry(id);
      const kept = (e.values.get(column) ?? []).filter((a) => a.search !== answer.search);
      e.values.set(column, [answer, ...kept].slice(0, maxAnswers));
    },
    usage: () => lastUsage,
    putUsage(usage) {
      lastUsage = { usage, at: now() };
    },
  };
}

/** Creates an empty cache; scopes are created on first use. */
export function createMetadataCache(opts: MetadataCacheOptions): MetadataCache {
  const now = opts.now ?? Date.now;
  const scopes = new Map<ProfileName, { id: string; scope: MetadataScope & { size(): number } }>();
  return {
    async scope() {
      const identity = await opts.identify().catch(() => null);
      if (!identity) return null;
      const current = scopes.get(identity.profile);
      if (current?.id === identity.id) return current.scope;
      const scope = createScope(identity.profile, now, opts.maxDatasets ?? 200, opts.maxAnswersPerColumn ?? 20);
      scopes.set(identity.profile, { id: identity.id, scope });
      return scope;
    },
    clear(profile) {
      let removed = 0;
      for (const [name, { scope }] of scopes) {
        if (profile && name !== profile) continue;
        removed += scope.size();
        scopes.delete(name);
      }
      return removed;
    },
  };
}

/**
 * The identity of a proxy target (see the module comment): profile + base URL (the embedded one
 * carries its port) + HMAC-SHA256 of the key under `salt` (random per process: {@link newIdentitySalt}).
 */
export function targetIdentity(target: ProxyTarget, salt: Buffer): MetadataIdentity {
  const profile = target.profile ?? 'remote';
  return { profile, id: `${profile} ${target.baseUrl} ${createHmac('sha256', salt).update(target.key).digest('hex')}` };
}

/** 32 random bytes for {@link targetIdentity}. */
export const newIdentitySalt = (): Buffer => randomBytes(32);
