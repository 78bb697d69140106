import { createHmac, randomBytes } from 'node:crypto';
import type {
  ApiUsage,
  AuditRow,
  ClientColumnValue,
  DatasetWithTimezone,
  ErrorCode,
  ProfileName,
} from '../../../shared/index.js';
import type { ProxyTarget } from './proxyTypes.js';

/** Who the cached answers came from: `id` from {@link targetIdentity}. */
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
  /** Drops the dataset's entries (→ true) when a query answer's `dataset_metadata` changes a field that sizes queries. */
  checkQueryMetadata(id: string, metadata: unknown): boolean;
  audit(id: string): AuditEntry | undefined;
  putAudit(id: string, entry: AuditEntry): void;
  values(id: string, column: string): ValuesAnswer[];
  putValues(id: string, column: string, answer: ValuesAnswer): void;
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

function createScope(
  profile: ProfileName,
  now: () => number,
  maxDatasets: number,
  maxAnswers: number,
): MetadataScope & { size(): number } {
  const datasets = new Map<string, DatasetEntry>();
  let lastUsage: { usage: ApiUsage; at: number } | undefined;

  // Moves `id` to the newest place: Map order is the eviction order.
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

/**
 * In-memory /v1 metadata per profile (datasets, audit counts, column values, last usage) so `datasets:estimate` costs no
 * quota. One scope per profile: a new identity (key, URL, embedded run) drops the old one, so two servers' answers never mix.
 */
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

/** Profile + base URL (the embedded one carries its port) + HMAC-SHA256 of the key under a per-process `salt`: never the key. */
export function targetIdentity(target: ProxyTarget, salt: Buffer): MetadataIdentity {
  const profile = target.profile ?? 'remote';
  return { profile, id: `${profile} ${target.baseUrl} ${createHmac('sha256', salt).update(target.key).digest('hex')}` };
}

/** 32 random bytes for {@link targetIdentity}. */
export const newIdentitySalt = (): Buffer => randomBytes(32);
