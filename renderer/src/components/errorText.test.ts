import { describe, expect, it } from 'vitest';
import type { GsError } from '../../../shared/errors.js';
import { LOST_HOST_MESSAGE } from '../bridge.js';
import { BridgeError, shouldRetry } from '../lib/bridgeQuery.js';
import { describeConnection, describeError, detailBeyond, retryHelps, waitSecondsOf } from './errorText.js';
import { fieldErrorOf, inUserWords, paramField } from './fieldErrors.js';

const REMOTE = { profile: 'remote' as const, remoteUrl: 'https://api.example.com/v1' };
/** Internal names that must never reach the analyst. */
const INTERNAL =
  /startTime|endTime|start_time|end_time|filter_value|filter_column|filter\.value|timezone\b|datasetId|page_size|\/v1 server|datasets:\w+/;

describe('describeError', () => {
  it('missing key: "No API key set — add one in Settings", with Settings', () => {
    const t = describeError({ code: 'auth', message: 'No API key set — add one in Settings.' }, REMOTE);
    expect(t.message).toBe('No API key set — add one in Settings.');
    expect(t.actions).toEqual(['settings']);
  });

  it('a key stored for another server names that server, with Settings', () => {
    const message =
      'The stored API key belongs to https://old.example, not to https://api.example.com, so it was not sent. Enter the key for this server in Settings.';
    const t = describeError({ code: 'auth', message }, REMOTE);
    expect(t.message).toContain('https://old.example');
    expect(t.actions).toEqual(['settings']);
  });

  it('rejected key (401): the key is the problem — check it in Settings; no Retry', () => {
    const t = describeError(
      { code: 'auth', message: 'The API key was rejected (401). Check the key in Settings.', status: 401 },
      REMOTE,
    );
    expect(t.title).toBe('API key rejected');
    expect(t.message).toBe('The API key was rejected. Check the key in Settings.');
    expect(t.actions).toEqual(['settings']);
  });

  it('a 401 of the embedded service does not send the analyst to check a key they never entered', () => {
    const t = describeError({ code: 'auth', message: 'x', status: 401 }, { profile: 'embedded' });
    expect(t.message).not.toMatch(/key in Settings/);
    expect(t.actions).toEqual([]);
  });

  it('forbidden: the plan, not the key; neither Retry nor Settings', () => {
    const t = describeError({ code: 'forbidden', message: 'Not allowed (403): Plan lacks audit', status: 403 }, REMOTE);
    expect(t.message).toBe('Your API plan lacks access to this data.');
    expect(t.message).not.toMatch(/key/i);
    expect(t.actions).toEqual([]);
  });

  it('not found: back to the catalogue, no Retry; says what was missing by verb', () => {
    expect(
      describeError({ code: 'not_found', message: 'Dataset x not found', status: 404 }, { verb: 'datasets:get' }),
    ).toMatchObject({
      message: 'The data service has no such dataset. Pick one from the catalogue.',
      actions: ['catalogue'],
    });
    expect(describeError({ code: 'not_found', message: 'nope', status: 404 }, { verb: 'usage:get' }).message).toBe(
      'The data service does not have what was asked for.',
    );
  });

  it('End before Start from main’s estimate: a field error by End in user words, no Settings, no Retry', () => {
    const t = describeError({ code: 'validation', message: 'startTime must be before endTime.' }, REMOTE);
    expect(t.field).toEqual({ field: 'end', text: 'End must be after Start.' });
    expect(t.message).toBe('End: End must be after Start.');
    expect(t.actions).toEqual([]);
    expect(`${t.message} ${t.detail}`).not.toMatch(INTERNAL);
  });

  it('a validation error that names no field: the refusal in user words, no Retry, no Settings', () => {
    const t = describeError({
      code: 'validation',
      message:
        'The /v1 server rejected the request (422): Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.',
      status: 422,
    });
    expect(t.field).toBeUndefined();
    expect(t.message).toBe('Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.');
    expect(t.actions).toEqual([]);
  });

  it('monthly quota: says when it resets (from the message), and offers no Retry', () => {
    const message = 'Monthly quota used up (429): Monthly row limit of 500,000 rows reached. Your usage resets on 2026-12-01.';
    const t = describeError({ code: 'rate_limited', message, status: 429 }, REMOTE);
    expect(t.title).toBe('Monthly quota used up');
    expect(t.resetsOn).toBe('2026-12-01');
    expect(t.message).toContain('rows');
    expect(t.message).toContain('December 1, 2026');
    expect(t.actions).toEqual([]);
    expect(retryHelps({ code: 'rate_limited', message, status: 429 })).toBe(false);
    expect(shouldRetry(0, new BridgeError({ code: 'rate_limited', message, status: 429 }))).toBe(false);
  });

  it('monthly quota without a date: the usage period’s end; the requests limit is named as such', () => {
    const t = describeError(
      {
        code: 'rate_limited',
        message: 'Monthly quota used up (429): Monthly request limit of 250 requests reached.',
        status: 429,
      },
      { usagePeriodEnd: '2024-04-01T00:00:00+00:00' },
    );
    expect(t.resetsOn).toBe('2024-04-01');
    expect(t.message).toContain('requests');
    expect(t.message).toContain('April 1, 2024');
  });

  it('rate limit: wait N seconds (the server’s "Try again in N seconds."), with Retry', () => {
    const message =
      'Gave up after 4 attempts over 9 s: Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second. Try again in 3 seconds.';
    const t = describeError({ code: 'rate_limited', message, status: 429 });
    expect(t.waitSeconds).toBe(3);
    expect(t.message).toContain('Wait 3 seconds, then retry.');
    expect(t.actions).toEqual(['retry']);
    // Main's proxy already retried it within its budget: the page's Retry asks again, TanStack does not.
    expect(shouldRetry(0, new BridgeError({ code: 'rate_limited', message, status: 429 }))).toBe(false);
  });

  it('only a host that did not answer is asked once more by itself: /v1 failures were retried in main', () => {
    expect(shouldRetry(0, new BridgeError({ code: 'network', message: LOST_HOST_MESSAGE }))).toBe(true);
    expect(shouldRetry(1, new BridgeError({ code: 'network', message: LOST_HOST_MESSAGE }))).toBe(false);
    const gaveUp = 'Gave up after 4 attempts over 2 s: Could not reach 127.0.0.1:9: connection refused.';
    expect(shouldRetry(0, new BridgeError({ code: 'network', message: gaveUp }))).toBe(false);
    expect(shouldRetry(0, new BridgeError({ code: 'network', message: 'The /v1 server answered 503', status: 503 }))).toBe(false);
    expect(shouldRetry(0, new Error('a bug'))).toBe(false);
  });

  it('rate limit waits: from "Retry after", from the plan’s window, none when unsaid', () => {
    expect(waitSecondsOf('Rate limit reached (429): Too Many Requests. Retry after 8 s.')).toBe(8);
    expect(waitSecondsOf('Too Many Requests. Limit: 30 per 1 minute.')).toBe(2);
    expect(waitSecondsOf('Too Many Requests.')).toBeUndefined();
    expect(describeError({ code: 'rate_limited', message: 'Too Many Requests.', status: 429 }).message).toContain(
      'Wait a moment, then retry.',
    );
    expect(describeError({ code: 'rate_limited', message: 'wait 300 s', status: 429 }).message).toContain('Wait 5 minutes');
  });

  it('an answer too large: ask for fewer rows, no Retry', () => {
    const message =
      'The /v1 response (GET /v1/datasets/x/query) is larger than 32 MiB, the most Gridscope reads for one answer. Ask for fewer rows per page or fewer columns.';
    const t = describeError({ code: 'internal', message });
    expect(t.message).toContain('fewer rows');
    expect(t.actions).toEqual([]);
    expect(retryHelps({ code: 'internal', message })).toBe(false);
  });

  it('network: names the Remote URL, Retry and Settings; the lost host says restart', () => {
    const t = describeError({ code: 'network', message: 'Could not reach api.example.com: connection refused.' }, REMOTE);
    expect(t.message).toContain('https://api.example.com/v1');
    expect(t.actions).toEqual(['retry', 'settings']);
    expect(describeError({ code: 'network', message: LOST_HOST_MESSAGE })).toMatchObject({
      title: 'Host unreachable',
      actions: ['retry'],
    });
  });

  it('cancelled and internal offer Retry', () => {
    expect(describeError({ code: 'cancelled', message: 'The request was cancelled.' }).actions).toEqual(['retry']);
    expect(describeError({ code: 'internal', message: 'datasets:list failed: boom' })).toMatchObject({
      actions: ['retry'],
      detail: 'boom',
    });
  });
});

describe('detailBeyond', () => {
  it('keeps what the host adds, not a sentence the message already says nor a second wording of its advice', () => {
    expect(
      detailBeyond(
        'The API key was rejected. Check the key in Settings.',
        'Page 2: The API key was rejected (401). Check the key in Settings.',
      ),
    ).toBe('Page 2: The API key was rejected (401).');
    expect(
      detailBeyond(
        'Could not reach the data service at http://127.0.0.1:9/v1. Check the Remote base URL in Settings, or retry.',
        'Could not reach 127.0.0.1:9: connection refused. Check the Remote URL in Settings or your network.',
      ),
    ).toBe('Could not reach 127.0.0.1:9: connection refused.');
    expect(
      detailBeyond(
        'Too many requests in a short time for your plan. Wait 4 seconds, then retry.',
        'Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second. Try again in 4 seconds.',
      ),
    ).toBe('Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second.');
    expect(detailBeyond('No API key set — add one in Settings.', 'No API key set — add one in Settings.')).toBe('');
    // A message without advice of its own leaves the host's advice in the details.
    expect(detailBeyond('Your API plan lacks access to this data.', 'Plan lacks audit. Ask your admin.')).toBe(
      'Plan lacks audit. Ask your admin.',
    );
  });
});

describe('fieldErrorOf', () => {
  const v = (message: string): GsError => ({ code: 'validation', message, status: 400 });

  it('paramField: a bridge, schema or /v1 parameter path names its form field', () => {
    expect(paramField(['filter', 'value'])).toBe('filterValue');
    expect(paramField(['filter', 'operator'])).toBe('filterOperator');
    expect(paramField(['resampleBy', 0])).toBe('resampleBy');
    expect(paramField('query.startTime')).toBe('start');
    expect(paramField('publish_time_end')).toBe('publishTimeEnd');
    expect(paramField(['datasetId'])).toBeUndefined();
  });

  it.each([
    [
      'Invalid input for datasets:query: startTime: time: ISO 8601 such as 2024-03-01 or 2024-03-01T00:00:00Z',
      'start',
      /Not a date or date-time: use 2024-03-10/,
    ],
    [
      "The /v1 server rejected the request (400): Invalid end_time '2024-13-01': expected an ISO 8601 date",
      'end',
      /^Not a date or date-time \(months are 01–12\): use 2024-03-10/,
    ],
    [
      "The /v1 server rejected the request (400): Unknown timezone 'Mars/Olympus'. Use an IANA time zone name",
      'zone',
      /"Mars\/Olympus" is not a time zone/,
    ],
    ['Invalid input for datasets:estimate: timezone: timezone: an IANA zone or "market"', 'zone', /Not a time zone/],
    [
      'The /v1 server rejected the request (400): filter_value is required when filter_column is given',
      'filterValue',
      /^Enter a value/,
    ],
    ['Column lmpp not found in dataset pjm_lmp. Possible columns: a, b.', 'filterColumn', /^This dataset has no column lmpp\.$/],
    [
      "The /v1 server rejected the request (400): Invalid filter_value 'abc' for column lmp of type DOUBLE: expected a number",
      'filterValue',
      /"abc" is not a value of lmp: expected a number\./,
    ],
    [
      'The /v1 server rejected the request (422): query.limit: Input should be less than or equal to 100000',
      'limit',
      /^Input should be less/,
    ],
    [
      'Invalid input for datasets:query: limit: Too big: expected number to be <=100000',
      'limit',
      /^A whole number from 1 to 100,000\.$/,
    ],
    [
      'Invalid input for keys:set: key: An API key has no spaces or special characters: paste it exactly as it was issued.',
      'key',
      /^An API key has no spaces/,
    ],
  ])('%s → %s', (message, field, text) => {
    const found = fieldErrorOf(v(message));
    expect(found?.field).toBe(field);
    expect(found?.text).toMatch(text);
    expect(found?.text).not.toMatch(INTERNAL);
  });

  it('is undefined for other codes and for refusals that name no field', () => {
    expect(fieldErrorOf({ code: 'auth', message: 'startTime must be before endTime.' })).toBeUndefined();
    expect(fieldErrorOf(v('time cannot be combined with start_time or end_time'))).toBeUndefined();
  });

  it('inUserWords drops the prefixes and renames parameters', () => {
    expect(inUserWords('Invalid input for datasets:query: startTime must be before endTime.')).toBe('Start must be before End.');
    expect(inUserWords('Only 5 rows left; ask for fewer rows (page_size or limit).')).toBe(
      'Only 5 rows left; ask for fewer rows (page size or row limit).',
    );
    expect(inUserWords('The /v1 server answered 503 Service Unavailable.')).toBe(
      'The data service answered 503 Service Unavailable.',
    );
  });
});

describe('describeConnection', () => {
  const at = { checkedAt: 0 };
  it('accepted, rejected (the key: check it), unreachable (the URL and network), other (what came back)', () => {
    expect(
      describeConnection({ state: 'accepted', message: 'The server accepted the key.', status: 200, ...at }, 'api.example.com'),
    ).toEqual({
      tone: 'ok',
      message: 'The server at api.example.com accepted the key.',
      detail: '',
    });
    const rejected = describeConnection({ state: 'rejected', message: 'x', status: 401, ...at }, 'api.example.com');
    expect(rejected.message).toBe(
      'The server at api.example.com rejected the key (401). Check that it was copied whole and is a key for this server.',
    );
    const unreachable = describeConnection(
      {
        state: 'unreachable',
        message:
          'No answer from the Remote server: Could not reach 127.0.0.1:9: connection refused. Check the Remote URL in Settings or your network.',
        ...at,
      },
      '127.0.0.1:9',
    );
    expect(unreachable.message).toMatch(/^No answer from 127\.0\.0\.1:9/);
    expect(unreachable.message).not.toMatch(/key was|rejected/);
    expect(unreachable.detail).toBe('Could not reach 127.0.0.1:9: connection refused.');
    const other = describeConnection(
      { state: 'error', message: 'The test call failed: The /v1 server answered 503 Service Unavailable.', status: 503, ...at },
      'h',
    );
    expect(other).toMatchObject({
      tone: 'problem',
      message: 'The key test against h failed (503); the key is stored.',
      detail: 'The data service answered 503 Service Unavailable.',
    });
  });
});
