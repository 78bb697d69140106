import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type { BindingPull, GsError, LocalPull, PullKind, PullQuery, PullState, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, ProxyProgress, QueryValue, V1Proxy, V1Stream } from '../v1/proxy.js';
import { pullTableName, rowObjects } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * What every kind of pull shares (docs/workspace.md#states): its catalogue row, written `running` before the
 * first request; its job, tracked by the workspace so `workspace:cancel` and closing stop it; and its end state,
 * written once, with the same rules and messages whatever the pull copied.
 */

/** How a pull ended: `complete`, `cancelled` (rows kept), `partial` (failed after some rows) or `failed` (no rows). */
export interface PullOutcome {
  pullId: number;
  state: Exclude<PullState, 'running'>;
  rows: number;
  pages: number;
  rowsCharged: number;
  elapsedMs: number;
  error?: GsError;
}

/** A started pull. `done` never rejects. */
export interface PullHandle {
  pullId: number;
  tableName: string;
  done: Promise<PullOutcome>;
}

/** A failure that ends a pull, as bridge error data. */
export class PullStop extends Error {
  constructor(readonly error: GsError) {
    super(error.message);
  }
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const log = createLogger('workspace');

/**
 * Records a new pull of `request` (`running`, no rows) and names its table `pull_<id>`; `binding` and `local` are
 * the kind's own details (null for the other kinds).
 * @returns the pull id, or `internal` when the catalogue cannot be written.
 */
export async function recordPull(
  ws: Workspace,
  request: PullQuery,
  kind: PullKind = 'query',
  binding: BindingPull | null = null,
  local: LocalPull | null = null,
): Promise<Result<number>> {
  try {
    return ok(
      await ws.write(async (conn) => {
        const rows = await rowObjects(
          conn,
          `INSERT INTO pulls (dataset_id, params, profile, state, table_name, kind, binding, local)
             VALUES ($1, $2, $3, 'running', '', $4, $5, $6) RETURNING id`,
          [
            request.datasetId,
            JSON.stringify(request),
            ws.profile,
            kind,
            binding === null ? null : JSON.stringify(binding),
            local === null ? null : JSON.stringify(local),
          ],
        );
        const id = Number(rows[0]?.id);
        await conn.run('UPDATE pulls SET table_name = $2 WHERE id = $1', [id, pullTableName(id)]);
        return id;
      }),
    );
  } catch (error) {
    return fail('internal', `Could not record the pull in the workspace: ${messageOf(error)}`);
  }
}

/**
 * Runs pull `id` as a workspace job: `run` gets a signal that aborts on `signal`, on `ws.cancel(id)` and when the
 * workspace closes. @returns its handle at once; `done` is `run`'s outcome.
 */
export function launchPull(
  ws: Workspace,
  id: number,
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<PullOutcome>,
): PullHandle {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const done = run(controller.signal).finally(() => {
    signal?.removeEventListener('abort', onAbort);
    ws.untrack(id);
  });
  ws.track(id, { abort: () => controller.abort(), done });
  return { pullId: id, tableName: pullTableName(id), done };
}

/**
 * The end state of a pull stopped by `stop` (none: `complete`): `cancelled` when it was aborted, else `partial`
 * with rows, `failed` without. A cancelled pull's error is always the cancel message.
 */
export function endOf(
  stop: GsError | undefined,
  aborted: boolean,
  rows: number,
): { state: PullOutcome['state']; error: GsError | undefined } {
  const state: PullOutcome['state'] = stop === undefined ? 'complete' : aborted ? 'cancelled' : rows > 0 ? 'partial' : 'failed';
  return { state, error: state === 'cancelled' ? { code: 'cancelled', message: CANCELLED_MESSAGE } : stop };
}

/** Writes pull `id`'s end: state, end time and error message. A failure is logged (the workspace may be closing). */
export async function recordEnd(
  ws: Workspace,
  id: number,
  state: PullOutcome['state'],
  error: GsError | undefined,
): Promise<void> {
  try {
    await ws.write((conn) =>
      conn.run('UPDATE pulls SET state = $2, ended_at = now(), error = $3 WHERE id = $1', [id, state, error?.message ?? null]),
    );
  } catch (e) {
    log.error(`pull ${id}: could not record its end (${state})`, e);
  }
}

/** How {@link openPullStream} asks and checks: the proxy call's options, what it reports, the body type it accepts. */
export interface PullStreamRequest {
  call?: Pick<GetOptions, 'timeoutMs' | 'retry'> | undefined;
  signal: AbortSignal;
  /** The request's retry state (undefined once it answered); `changed` when retrying began or ended (report that at once). */
  onRequestState(state: ProxyProgress | undefined, changed: boolean): void;
  /** The content types the body may have, e.g. `/^text\/(csv|plain)/i`. */
  type: RegExp;
  /** Names the answer in the refusal: "page 3 … not CSV", "the binding rows … not JSON". */
  what: string;
  expected: string;
}

const firstHeader = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * Opens one /v1 answer of a pull as a stream: never cached, on the workspace's profile (a profile switch never mixes
 * answers), its retry state passed on. @throws {@link PullStop} with the proxy's error, or `internal` when the body is
 * not of `req.type` ("The /v1 server answered <what> as <type>, not <expected>."; the body is dropped).
 */
export async function openPullStream(
  ws: Workspace,
  proxy: V1Proxy,
  path: string,
  query: Record<string, QueryValue>,
  req: PullStreamRequest,
): Promise<V1Stream> {
  let state: ProxyProgress | undefined;
  const opened = await proxy.open(path, query, {
    ...req.call,
    signal: req.signal,
    profile: ws.profile,
    cache: false,
    onProgress: (p) => {
      // A change of retry state is reported at once: a throttled "retrying" would never be seen.
      const changed = (p.state === 'retrying') !== (state?.state === 'retrying');
      state = p;
      req.onRequestState(p, changed);
    },
  });
  req.onRequestState(undefined, false);
  if (!opened.ok) throw new PullStop(opened.error);
  const type = firstHeader(opened.value.headers['content-type']) ?? '';
  if (!req.type.test(type)) {
    opened.value.body.on('error', () => undefined).destroy();
    throw new PullStop({
      code: 'internal',
      message: `The /v1 server answered ${req.what} as ${type || 'an unknown type'}, not ${req.expected}.`,
    });
  }
  return opened.value;
}
