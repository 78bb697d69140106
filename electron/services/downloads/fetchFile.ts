import { request, type Dispatcher } from 'undici';
import { retryCause } from '../../../shared/index.js';
import { RETRYABLE_STATUSES, gaveUpMessage, parseRetryAfter, retryDelay } from '../v1/retry.js';
import type { RetryPolicy } from '../v1/retry.js';
import { createLogger } from '../common/logger.js';
import { partSize, restart, saveRecord, writeBody, type PartWriterDeps, type TransferJob } from './partFile.js';
import type { Failure } from './problems.js';
import { header, isRetryable, messageOf, numberOr, parseContentRange, readDetail } from './transferResponse.js';
import type { Presign } from './types.js';

const log = createLogger('downloads');

export type { OpenPartFile, TransferJob } from './partFile.js';

/** What the transfer needs from the manager; times in ms. */
export interface TransferDeps extends PartWriterDeps {
  dispatcher: Dispatcher;
  presign: Presign;
  /** Backoff of `retryDelay` (v1/retry.ts); `maxAttempts` is the budget of failures in a row without new bytes. */
  policy: RetryPolicy;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  /** A request is about to be sent (item.attempts). */
  onAttempt(): void;
  /** Why the transfer waits ("Server error (503), retrying in 4 s"), or null when it goes on. */
  onWaiting(text: string | null): void;
}

/** `complete`: the part holds every byte (verification decides whether they are right); `failed`: give up. */
export type TransferOutcome = { kind: 'complete' } | { kind: 'failed'; failure: Failure };

/** A link this close to its expiry is replaced before the request. */
const EXPIRY_MARGIN_MS = 30_000;
const MAX_REFUSALS = 3;
const HEADERS_TIMEOUT_MS = 30_000;
const BODY_IDLE_TIMEOUT_MS = 60_000;

/**
 * Fetches the rest of a file into its part (docs/downloads.md#transfer): `Range: bytes=<part size>-` with `If-Range`
 * (strong ETag, else Last-Modified) when bytes exist; 206 at that offset appends; 200 rewrites from byte 0; 416 means
 * done when the part already has the whole size, else start over; 403 fetches a fresh link (3 in a row without new
 * bytes → `refused`); 404 → `not-found`; 429/5xx, connection errors and bodies cut short back off as the proxy does
 * (`retryDelay`), the budget resetting whenever new bytes arrive. The body is stored as sent (`accept-encoding:
 * identity`, nothing decoded): the file is the `.csv.gz` object itself. Only the presigned URL is requested, with no
 * key and no cookie.
 * @throws the signal's reason when aborted; {@link PartFileError} for a file-system error on the part or the record.
 */
export async function transferFile(job: TransferJob, deps: TransferDeps): Promise<TransferOutcome> {
  const { record, signal, partFile } = job;
  const started = deps.now();
  let failures = 0;
  let refusals = 0;
  let forcePresign = false;

  // Counts one failure in a row and waits; answers the outcome when the budget is spent.
  const backOff = async (reason: string, floorMs?: number): Promise<TransferOutcome | undefined> => {
    failures++;
    if (failures >= deps.policy.maxAttempts) {
      const message = `${gaveUpMessage(failures, deps.now() - started, reason)}. Retry to continue from the bytes already downloaded.`;
      return { kind: 'failed', failure: { problem: 'network', message } };
    }
    const ms = retryDelay(failures, floorMs, deps.policy, deps.random);
    deps.onWaiting(`${reason}, retrying in ${Math.max(1, Math.ceil(ms / 1000))} s`);
    await deps.sleep(ms, signal);
    deps.onWaiting(null);
    return undefined;
  };

  for (;;) {
    signal.throwIfAborted();
    // The part's real size, not the record's: a killed process may have written bytes its record never counted.
    let have = await partSize(partFile);
    if (record.expectedBytes !== null && have > record.expectedBytes) have = await restart(partFile);
    deps.onBytes(have);

    const expiresAt = record.urlExpiresAt ? Date.parse(record.urlExpiresAt) : NaN;
    if (forcePresign || !record.url || !(expiresAt - deps.now() > EXPIRY_MARGIN_MS)) {
      const link = await deps.presign(record.datasetId, record.date, signal);
      if (signal.aborted) throw signal.reason;
      if (!link.ok) {
        const { code, message } = link.error;
        if (code === 'not_found')
          return failed('not-found', `No export of ${record.datasetId} for ${record.date} any more: ${message}`);
        if (code === 'cancelled') throw signal.reason ?? new Error(message);
        // The proxy has already retried /v1 with its rules (Retry-After, no retry past a monthly quota): no second layer.
        if (code === 'network' || code === 'rate_limited')
          return failed(
            'network',
            `No fresh download link from the data service: ${message.replace(/\.?$/, '.')} Retry to continue from the bytes already downloaded.`,
          );
        return failed(code === 'auth' || code === 'forbidden' ? 'refused' : 'other', message);
      }
      record.url = link.value.url;
      record.urlExpiresAt = new Date(deps.now() + link.value.expiresInSeconds * 1000).toISOString();
      forcePresign = false;
      await saveRecord(deps);
    }

    const headers: Record<string, string> = { 'accept-encoding': 'identity', 'user-agent': 'Gridscope' };
    if (have > 0) {
      headers.range = `bytes=${have}-`;
      const validator = record.etag && !record.etag.startsWith('W/') ? record.etag : record.lastModified;
      if (validator) headers['if-range'] = validator;
    }
    deps.onAttempt();
    let res: Dispatcher.ResponseData;
    try {
      res = await request(record.url, {
        method: 'GET',
        dispatcher: deps.dispatcher,
        signal,
        headers,
        headersTimeout: HEADERS_TIMEOUT_MS,
        bodyTimeout: BODY_IDLE_TIMEOUT_MS,
      });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (isRetryable(err)) {
        const out = await backOff(retryCause('network'));
        if (out) return out;
        continue;
      }
      return failed('network', `The download server could not be reached: ${messageOf(err)}. Retry later.`);
    }

    const status = res.statusCode;
    if (status !== 200 && status !== 206) {
      const detail = await readDetail(res.body);
      log.info(`GET export ${record.datasetId} ${record.date} → ${status}${detail ? ` (${detail})` : ''}`);
      if (status === 416) {
        const total = /^bytes \*\/(\d+)$/.exec(header(res.headers['content-range']) ?? '')?.[1];
        const size = record.expectedBytes ?? (total === undefined ? null : Number(total));
        if (size !== null && have === size) return { kind: 'complete' };
        await restart(partFile);
        continue;
      }
      if (status === 403) {
        refusals++;
        if (refusals >= MAX_REFUSALS) {
          return failed(
            'refused',
            `The server refused the download link ${refusals} times in a row (403${detail ? `: ${detail}` : ''}). Retry later.`,
          );
        }
        forcePresign = true;
        continue;
      }
      if (status === 404)
        return failed(
          'not-found',
          `No export of ${record.datasetId} for ${record.date} on the server (404). It may have been removed.`,
        );
      if (RETRYABLE_STATUSES.has(status)) {
        const floor = parseRetryAfter(header(res.headers['retry-after']), deps.now());
        const out = await backOff(retryCause(status === 429 ? 'rate_limited' : 'network', status), floor);
        if (out) return out;
        continue;
      }
      return failed('other', `The download server answered ${status}${detail ? ` (${detail})` : ''}.`);
    }

    // 206 must continue exactly where the part ends; anything else is thrown away and the file starts over.
    let flags: 'a' | 'w' = 'a';
    let announced: number | null = numberOr(header(res.headers['content-length']));
    if (status === 206) {
      const range = parseContentRange(header(res.headers['content-range']));
      if (!range || range.start !== have) {
        res.body.destroy();
        log.warn(`${record.datasetId} ${record.date}: 206 at ${range?.start ?? '?'} for a part of ${have} bytes; starting over`);
        await restart(partFile);
        continue;
      }
      if (range.total !== null) record.expectedBytes = range.total;
      announced = range.end - range.start + 1;
    } else {
      // 200: the whole object (the range was ignored or the object changed): rewrite from byte 0.
      flags = 'w';
      have = 0;
      if (announced !== null) record.expectedBytes = announced;
    }
    const etag = header(res.headers.etag);
    const lastModified = header(res.headers['last-modified']);
    if (status === 200 || etag) record.etag = etag ?? null;
    if (status === 200 || lastModified) record.lastModified = lastModified ?? null;
    await saveRecord(deps);

    const received = await writeBody(res.body, have, flags, job, deps);
    if (received.bytes > 0) {
      failures = 0;
      refusals = 0;
    }
    if (received.error !== undefined) {
      if (signal.aborted) throw signal.reason;
      log.info(`${record.datasetId} ${record.date}: body cut after ${received.bytes} bytes: ${messageOf(received.error)}`);
      const out = await backOff('Connection interrupted');
      if (out) return out;
      continue;
    }
    const total = have + received.bytes;
    if (announced !== null && received.bytes < announced) {
      const out = await backOff('Connection interrupted');
      if (out) return out;
      continue;
    }
    if (record.expectedBytes === null) record.expectedBytes = total;
    if (total >= record.expectedBytes) return { kind: 'complete' };
  }
}

function failed(problem: Failure['problem'], message: string): TransferOutcome {
  return { kind: 'failed', failure: { problem, message } };
}
