import { fail, ok } from '../../../shared/index.js';
import type { ContractResults, ParsedInput, Result, Verb, WatchItem } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { createLogger } from '../common/logger.js';
import type { WorkspaceService } from '../workspace/service.js';
import type { Workspace } from '../workspace/workspace.js';
import { MIN_WINDOW_LIFE_MS } from '../bindingWindow/store.js';
import { createAnswerMemo } from './answers.js';
import type { AnswerMemo } from './answers.js';
import type { AnswerSources } from './answers.js';
import { changesOf, snapshotOf } from './changes.js';
import { lookAt } from './look.js';
import { addWatch, deleteWatch, listWatches, openWatch, publicItem, recordLooks, renameWatch } from './store.js';
import type { LookOutcome, StoredWatch } from './store.js';
import { lookWindows } from './windows.js';

/** The watchlist verbs. */
export type WatchlistVerb = Extract<Verb, `watchlist:${string}`>;

type Method<V extends WatchlistVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per {@link WatchlistVerb}. */
export interface WatchlistService {
  list: Method<'watchlist:list'>;
  add: Method<'watchlist:add'>;
  rename: Method<'watchlist:rename'>;
  delete: Method<'watchlist:delete'>;
  check: Method<'watchlist:check'>;
  open: Method<'watchlist:open'>;
}

export interface WatchlistServiceOptions extends AnswerSources {
  workspace: Pick<WorkspaceService, 'use'>;
  now?: () => number;
}

/** How long a check's answers are used again by the next checks (ms): the binding window store's least life. */
export const ANSWER_LIFE_MS = MIN_WINDOW_LIFE_MS;

const log = createLogger('watchlist');

// A workspace failure (locked, closed, damaged) as the bridge's error.
async function guarded<T>(what: string, work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    log.warn(`${what} failed`, error);
    return fail('internal', `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The watchlist (docs/watchlist.md): items kept in the active profile's workspace, and `check`, which looks at every
 * item over a window of market days and the previous equal window from answers asked once per {@link ANSWER_LIFE_MS}
 * and shared with the grid screens (the binding window store, the response cache). An item whose answers fail keeps its last look and
 * says why (`problem`), so the list works offline on what was last fetched. Errors: an unknown id → `not_found`; a full
 * list → `validation`; no workspace → `internal`; the caller gone → `cancelled` (what was looked at by then is kept).
 */
export function createWatchlistService(opts: WatchlistServiceOptions): WatchlistService {
  const use = <T>(what: string, work: (ws: Workspace) => Promise<Result<T>>) =>
    opts.workspace.use((ws) => guarded(what, () => work(ws)));
  const answer = (r: Result<StoredWatch>): Result<WatchItem> => (r.ok ? ok(publicItem(r.value)) : r);
  const now = opts.now ?? Date.now;
  // The answers of the last few minutes, per profile: reopening the watchlist asks /v1 nothing (the cache may be off).
  let kept: { profile: string; at: number; memo: AnswerMemo } | undefined;
  const memoFor = (profile: string): AnswerMemo => {
    if (!kept || kept.profile !== profile || now() - kept.at > ANSWER_LIFE_MS)
      kept = { profile, at: now(), memo: createAnswerMemo(opts) };
    return kept.memo;
  };

  return {
    list: () => use('read the watchlist', async (ws) => ok((await listWatches(ws)).map(publicItem))),
    add: (target) => use('star the item', async (ws) => answer(await addWatch(ws, target))),
    rename: ({ id, name }) => use('rename the item', async (ws) => answer(await renameWatch(ws, id, name))),
    delete: ({ id }) => use('delete the item', (ws) => deleteWatch(ws, id)),
    open: ({ id }) => use('mark the item opened', async (ws) => answer(await openWatch(ws, id))),
    check: ({ days, lastDay, requestId }, ctx) =>
      use('look at the watchlist', async (ws) => {
        const items = await listWatches(ws);
        const answers = memoFor(ws.profile).with(ctx);
        const outcomes = await Promise.all(
          items.map(async (item): Promise<LookOutcome> => {
            const windows = lookWindows(item.target.market, days, lastDay);
            const current = await lookAt(item.target, windows, answers);
            if (!current.ok) return { id: item.id, problem: { code: current.error.code, message: current.error.message } };
            const changes = changesOf(item.seen, current.value);
            const look = { days, lastDay, ...windows, asOf: current.value.asOf, changes };
            return { id: item.id, look, latest: snapshotOf(current.value) };
          }),
        );
        if (ctx?.signal?.aborted) return fail('cancelled', 'The watchlist check was cancelled: the page went away.');
        await recordLooks(ws, outcomes);
        log.debug(`looked at ${items.length} items (${requestId ?? 'no request id'})`);
        return ok((await listWatches(ws)).map(publicItem));
      }),
  };
}
