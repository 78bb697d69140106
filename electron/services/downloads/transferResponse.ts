import type { Dispatcher } from 'undici';
import { RETRYABLE_NETWORK_CODES } from '../v1/retry.js';

/** Reading an export server's answer: its headers, its error detail, and which transport errors are worth a retry. */

/** A body cut short surfaces as one of these besides the v1 proxy's retryable codes. */
const CUT_SHORT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_ABORTED']);

/** `bytes <start>-<end>/<total|*>` → numbers; undefined when malformed. */
export function parseContentRange(value: string | undefined): { start: number; end: number; total: number | null } | undefined {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2]);
  if (end < start) return undefined;
  return { start, end, total: m[3] === '*' ? null : Number(m[3]) };
}

/** A header's value (the first one when repeated). */
export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A non-negative integer header (`content-length`) as a number; null when absent or not digits. */
export function numberOr(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** Transport errors worth another attempt: the proxy's list plus a body that ended early. */
export function isRetryable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (RETRYABLE_NETWORK_CODES.has(code) || CUT_SHORT_CODES.has(code))) return true;
  }
  return false;
}

/** An error's message, or the thrown value as text. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The `detail` of a small JSON error body (`{"detail":"Request has expired"}`), or its first 200 characters. */
export async function readDetail(body: Dispatcher.ResponseData['body']): Promise<string> {
  try {
    const text = (await body.text()).slice(0, 4096);
    try {
      const detail = (JSON.parse(text) as { detail?: unknown }).detail;
      if (typeof detail === 'string') return detail;
    } catch {
      // Not JSON: the text itself.
    }
    return text.trim().slice(0, 200);
  } catch {
    return '';
  }
}
