import { z } from 'zod';
import type { DatasetUpdate } from '../schemas/updates.js';

/**
 * Provenance and incremental refresh of a dataset pull (docs/workspace.md#refresh-and-provenance): what the dataset
 * was when the pull ran, whether it changed since (from `GET /dataset-updates/{id}`), and what each **Refresh** pulled.
 */

const PullId = z.number().int().min(1);

/** Input schemas of the refresh verbs (merged into the contract's table). */
export const refreshInputs = {
  /** Whether pull `pullId`'s dataset has update records since the pull (or its last refresh): one request, cached. */
  'workspace:changes': z.object({ pullId: PullId }).strict(),
  /** Pulls only what changed since and merges it into the pull by primary key; answers once it has ended. */
  'workspace:refresh': z.object({ pullId: PullId }).strict(),
} as const;

/**
 * The dataset's state when a pull ran: its catalogue entry's `latest_available_time_utc` and `last_checked_time_utc`
 * (as the app knew them when the pull started), and its update records up to the pull's start (`updates`, newest first,
 * at most 20; null until first read: the pull itself sends no extra request). ISO 8601 UTC throughout.
 */
export interface PullProvenance {
  latestAvailableTimeUtc: string | null;
  lastCheckedTimeUtc: string | null;
  updates: DatasetUpdate[] | null;
}

/** How a refresh ended: `complete` (merged), `failed` (nothing merged; `error` says why) or `cancelled`. */
export type RefreshState = 'complete' | 'failed' | 'cancelled';

/** One time range a refresh asked again, `[startTimeUtc, endTimeUtc)` (null: open), and why. */
export interface RefreshRange {
  startTimeUtc: string | null;
  endTimeUtc: string | null;
  /** `new`: the intervals from the pull's last one on; `backfill`: an update record's range; `all`: the whole query. */
  reason: 'new' | 'backfill' | 'all';
}

/**
 * One Refresh of a pull, as its history shows it: rows added (new keys), rows replaced (same primary key, new values),
 * rows charged (the rows /v1 returned for it, counted against the plan), the ranges asked and the update records it
 * answered (newest first, at most 20).
 */
export interface PullRefresh {
  id: number;
  pullId: number;
  startedAt: string;
  endedAt: string;
  state: RefreshState;
  rowsAdded: number;
  rowsReplaced: number;
  rowsCharged: number;
  ranges: RefreshRange[];
  updates: DatasetUpdate[];
  error: string | null;
}

/**
 * What changed in a pull's dataset since the pull or its last refresh (`since`, ISO UTC): the update records after it
 * (newest first), the rows they inserted outside backfills, how many are backfills, and whether more records exist
 * than were read (`truncated`). `checkedAt`: when /v1 was asked (the answer is cached for a while).
 */
export interface PullChanges {
  pullId: number;
  datasetId: string;
  since: string;
  checkedAt: string;
  updates: DatasetUpdate[];
  newRows: number;
  backfills: number;
  truncated: boolean;
}

/** Result types of the refresh verbs. */
export interface RefreshResults {
  'workspace:changes': PullChanges;
  'workspace:refresh': PullRefresh;
}
