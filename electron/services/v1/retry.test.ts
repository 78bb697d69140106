import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  gaveUpMessage,
  isMonthlyQuota,
  parseRetryAfter,
  retryDelay,
  waitFromDetail,
} from './retry.js';

const NOW = Date.parse('2026-11-20T10:00:00Z');

describe('retry rules', () => {
  it.each([
    ['8', 8000],
    [' 0 ', 0],
    ['1.5', 1500],
    ['Fri, 20 Nov 2026 10:00:30 GMT', 30_000],
    ['Fri, 20 Nov 2026 09:00:00 GMT', 0], // in the past
    ['soon', undefined],
    [undefined, undefined],
  ])('Retry-After %j → %j ms', (header, ms) => expect(parseRetryAfter(header, NOW)).toBe(ms));

  it.each([
    ['Too Many Requests. Limit: 1 per 1 second.', 1000],
    ['Too Many Requests. Limit: 6 per 1 second.', 1000], // at least 1 s
    ['Too Many Requests. Limit: 30 per 1 minute.', 2000],
    ['Too Many Requests. Limit: 600 per 1 hour.', 6000],
    ['Rate limit exceeded, please wait 8 seconds', 8000],
    ['Try again in 2.5 s', 2500],
    ['Too Many Requests. Limit: 30 per 1 minute. Try again in 60 seconds.', 60000],
    ['Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.', 1000],
    ['Monthly row limit of 500,000 rows reached. Your usage resets on 2026-12-01.', undefined],
  ])('the wait in %j is %j ms', (detail, ms) => expect(waitFromDetail(detail)).toBe(ms));

  it('tells a monthly quota 429 from a rate limit', () => {
    expect(isMonthlyQuota('Monthly request limit of 250 requests reached. Your usage resets on 2026-12-01.')).toBe(true);
    expect(isMonthlyQuota('Usage limit exceeded; resets on 2026-12-01')).toBe(true);
    expect(isMonthlyQuota('Too Many Requests. Limit: 1 per 1 second.')).toBe(false);
  });

  it('full jitter under doubling ceilings capped at maxDelayMs, never below the server floor', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, DEFAULT_RETRY_POLICY, top))).toEqual([
      999, 1999, 3999, 7999, 15999, 29999, 29999,
    ]);
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
    expect(retryDelay(1, 8000, DEFAULT_RETRY_POLICY, top)).toBe(8000);
    expect(retryDelay(5, 1000, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(8000);
  });

  it('final message', () => {
    expect(gaveUpMessage(4, 23_400, 'The /v1 server answered 503 Service Unavailable.')).toBe(
      'Gave up after 4 attempts over 23 s: The /v1 server answered 503 Service Unavailable.',
    );
    expect(gaveUpMessage(1, 0, 'x')).toBe('Gave up after 1 attempt: x');
  });
});
