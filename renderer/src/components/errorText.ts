import type { ConnectionTest, Verb } from '../../../shared/bridge/contract.js';
import type { GsError } from '../../../shared/errors.js';
import { LOST_HOST_MESSAGE } from '../bridge.js';
import { FIELD_LABELS, fieldErrorOf, inUserWords } from './fieldErrors.js';
import type { FieldError } from './fieldErrors.js';

/** A button of the error panel. */
export type ErrorAction = 'settings' | 'retry' | 'catalogue';

/**
 * What the analyst reads about a {@link GsError}: `detail` is the host's own words (user terms); `field` a form-field
 * validation error; `waitSeconds` a rate limit's wait; `resetsOn` an exhausted monthly quota's UTC reset day (`YYYY-MM-DD`).
 */
export interface ErrorText {
  title: string;
  message: string;
  detail: string;
  actions: ErrorAction[];
  field?: FieldError;
  waitSeconds?: number;
  resetsOn?: string;
}

/** What the message may name; `usagePeriodEnd` (from `usage:get`) dates a monthly refusal that names no reset. */
export interface ErrorContext {
  profile?: 'embedded' | 'remote';
  remoteUrl?: string;
  verb?: Verb;
  usagePeriodEnd?: string;
}

/** A monthly-quota 429, as main words it ("… resets on 2026-12-01."). */
export const isMonthlyQuota = (message: string): boolean => /resets?\s+on\b/i.test(message) || /\bmonthly\b/i.test(message);

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600 };

/** Seconds a rate-limit message asks to wait ("Retry after 8 s.", else "Limit: 30 per 1 minute." → 2); undefined if none. */
export function waitSecondsOf(message: string): number | undefined {
  const asked = /(?:try again|retry|wait)\D{0,12}?(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)\b/i.exec(message);
  if (asked) return Math.max(1, Math.ceil(Number(asked[1])));
  const limit = /Limit:\s*(\d+)\s*per\s*(\d+)?\s*(second|minute|hour)s?/i.exec(message);
  if (!limit) return undefined;
  const windowSeconds = Number(limit[2] ?? 1) * UNIT_SECONDS[limit[3]!.toLowerCase()]!;
  return Math.max(1, Math.ceil(windowSeconds / Math.max(1, Number(limit[1]))));
}

/** "April 1, 2024" for `2024-04-01`. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const waitWords = (s: number): string => (s >= 120 ? `${Math.ceil(s / 60)} minutes` : s === 1 ? '1 second' : `${s} seconds`);
const DATASET_VERBS: ReadonlySet<Verb> = new Set([
  'datasets:get',
  'datasets:audit',
  'datasets:estimate',
  'datasets:query',
  'datasets:columnValues',
]);

// A body too large to read whole: asking again gets the same answer, so no Retry.
const TOO_LARGE = /larger than .*fewer rows/i;

/** The one error → {@link ErrorText} mapping: the code decides the kind, status and message refine it; no Retry where it cannot help. */
export function describeError(error: GsError, ctx: ErrorContext = {}): ErrorText {
  const detail = inUserWords(error.message);
  const base = { detail };
  switch (error.code) {
    case 'auth':
      if (error.status === undefined && /belongs to/.test(error.message))
        return { ...base, title: 'API key is for another server', message: detail, actions: ['settings'] };
      if (error.status === undefined)
        return { ...base, title: 'No API key', message: 'No API key set — add one in Settings.', actions: ['settings'] };
      if (ctx.profile === 'embedded')
        return {
          ...base,
          title: 'Embedded service refused',
          message: 'The embedded data service refused Gridscope’s own key. Restart Gridscope.',
          actions: [],
        };
      return {
        ...base,
        title: 'API key rejected',
        message: 'The API key was rejected. Check the key in Settings.',
        actions: ['settings'],
      };
    case 'forbidden':
      return { ...base, title: 'Not in your plan', message: 'Your API plan lacks access to this data.', actions: [] };
    case 'not_found':
      return {
        ...base,
        title: 'Not found',
        message:
          ctx.verb && !DATASET_VERBS.has(ctx.verb)
            ? 'The data service does not have what was asked for.'
            : 'The data service has no such dataset. Pick one from the catalogue.',
        actions: ['catalogue'],
      };
    case 'validation': {
      const field = fieldErrorOf(error);
      if (field)
        return { ...base, title: 'Check the form', message: `${FIELD_LABELS[field.field]}: ${field.text}`, actions: [], field };
      return {
        ...base,
        title: 'Request refused',
        message: detail || 'The request was refused as invalid.',
        actions: /\bSettings\b/i.test(detail) ? ['settings'] : [],
      };
    }
    case 'rate_limited':
      return rateLimited(error, detail, ctx);
    case 'network': {
      if (error.message === LOST_HOST_MESSAGE)
        return { ...base, title: 'Host unreachable', message: LOST_HOST_MESSAGE, actions: ['retry'] };
      let message = 'Could not reach the data service. Check the profile in Settings, or retry.';
      if (ctx.profile === 'remote' && ctx.remoteUrl)
        message = `Could not reach the data service at ${ctx.remoteUrl}. Check the Remote base URL in Settings, or retry.`;
      else if (ctx.profile === 'embedded')
        message = 'Could not reach the data service (embedded sample data). Retry, or restart Gridscope.';
      return { ...base, title: 'Data service unreachable', message, actions: ['retry', 'settings'] };
    }
    case 'cancelled':
      return { ...base, title: 'Request cancelled', message: 'The request was cancelled.', actions: ['retry'] };
    default:
      if (TOO_LARGE.test(error.message))
        return {
          ...base,
          title: 'Answer too large',
          message:
            'The answer is too large to read at once. Ask for fewer rows (a row limit or a shorter window) or fewer columns.',
          actions: [],
        };
      return { ...base, title: 'Something went wrong', message: 'Gridscope hit an unexpected problem.', actions: ['retry'] };
  }
}

function rateLimited(error: GsError, detail: string, ctx: ErrorContext): ErrorText {
  if (isMonthlyQuota(error.message)) {
    const resetsOn = /resets?\s+on\s+(\d{4}-\d{2}-\d{2})/i.exec(error.message)?.[1] ?? ctx.usagePeriodEnd?.slice(0, 10);
    const what = /request limit/i.test(error.message) ? 'requests' : 'rows';
    const when = resetsOn
      ? `It resets on ${formatDay(resetsOn)} (UTC); until then the data service refuses queries.`
      : 'It resets at the start of next month (UTC).';
    return {
      title: 'Monthly quota used up',
      message: `Your plan’s ${what} for this month are used up. ${when}`,
      detail,
      actions: [],
      ...(resetsOn ? { resetsOn } : {}),
    };
  }
  const waitSeconds = waitSecondsOf(error.message);
  const wait = waitSeconds ? `Wait ${waitWords(waitSeconds)}, then retry.` : 'Wait a moment, then retry.';
  return {
    title: 'Rate limit reached',
    message: `Too many requests in a short time for your plan. ${wait}`,
    detail,
    actions: ['retry'],
    ...(waitSeconds ? { waitSeconds } : {}),
  };
}

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
// Status codes and end punctuation aside: "The API key was rejected (401)." says what "The API key was rejected." says.
const sameWords = (s: string): string =>
  s
    .replace(/\s*\(\d{3}\)/g, '')
    .replace(/[.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
// A sentence telling the analyst what to do ("Check the Remote URL in Settings.", "Try again in 4 seconds.").
const ADVICE = /^(?:check|restart|enter|add|ask|wait|try|retry|pick|choose|paste)\b/i;

/**
 * What of the host's words (`detail`) is worth a "Details:" line under `message`: its sentences minus those the message
 * already says, and minus its advice when the message gives its own (one thing to do, not two wordings of it). Empty
 * when nothing is left.
 */
export function detailBeyond(message: string, detail: string): string {
  const said = sentencesOf(message);
  const saidWords = new Set(said.map(sameWords));
  const advises = said.some((s) => ADVICE.test(s));
  return sentencesOf(detail)
    .filter((s) => !saidWords.has(sameWords(s)) && !(advises && ADVICE.test(s)))
    .join(' ');
}

/** Whether asking again can succeed (false where the analyst must act first). */
export function retryHelps(error: GsError): boolean {
  return describeError(error).actions.includes('retry');
}

/** What Settings says about a key test; `tone` picks the colour. */
export interface ConnectionText {
  tone: 'ok' | 'problem';
  message: string;
  detail: string;
}

/** Words for a `keys:set` / `keys:test` outcome at `host`: only a rejection blames the key, no answer the URL or network. */
export function describeConnection(test: ConnectionTest, host: string): ConnectionText {
  const status = test.status ? ` (${test.status})` : '';
  // Drop the host's app-wide advice: Settings gives its own.
  const detail = inUserWords(
    test.message
      .replace(/^(?:No answer from the Remote server|The test call failed):\s*/, '')
      .replace(/\s*Check the Remote URL in Settings[^.]*\.$/, ''),
  );
  switch (test.state) {
    case 'accepted':
      return { tone: 'ok', message: `The server at ${host} accepted the key.`, detail: '' };
    case 'rejected':
      return {
        tone: 'problem',
        message: `The server at ${host} rejected the key${status}. Check that it was copied whole and is a key for this server.`,
        detail: '',
      };
    case 'unreachable':
      return {
        tone: 'problem',
        message: `No answer from ${host}: the key is stored but could not be tested. Check the Remote base URL above and your network.`,
        detail,
      };
    default:
      return { tone: 'problem', message: `The key test against ${host} failed${status}; the key is stored.`, detail };
  }
}
