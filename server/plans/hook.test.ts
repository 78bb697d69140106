import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { UsageTracker } from '../usage.js';
import { planHooks } from './hook.js';
import { resolvePlan, type Plan } from './index.js';

/**
 * Admission beside requests of the same key in flight (docs/plans.md "Rows per month"): requests stay in flight until
 * the case ends them with `onResponse`, so no timing decides the outcome.
 */

const AT = Date.parse('2026-11-02T00:00:00Z');
const RESET = 'Your usage resets on 2026-12-01.';
const QUERY = '/v1/datasets/:dataset_id/query';
const AUDIT = '/v1/datasets/:dataset_id/audit';
const SHIFT = '/v1/constraints/:constraint_id/shift-factors';
const CATALOGUE = '/v1/datasets/:dataset_id';

const plan = (perSecond = -1): Plan => ({
  name: 'rows',
  limits: { ...resolvePlan('unlimited').limits, api_rows_returned_limit: 1000, per_second_api_rate_limit: perSecond },
  entitlements: { resampling: false, audit: true },
});

function exchange(url: string, query: Record<string, string> = {}) {
  const raw = Object.assign(new EventEmitter(), { headersSent: false });
  const headers: Record<string, string> = {};
  const reply = { raw, statusCode: 200, header: (name: string, value: string) => (headers[name] = value) };
  const request = { routeOptions: { url }, query, apiKeyId: 'key', rowsReturned: 0 };
  return { request: request as unknown as FastifyRequest, reply: reply as unknown as FastifyReply, headers };
}

interface Call {
  url: string;
  query?: Record<string, string>;
}

interface Case {
  rule: string;
  perSecond?: number;
  used: number; // rows counted before the case
  inFlight: Call[];
  check: Call;
  detail?: string; // undefined = admitted
  retryAfter?: string;
}

const q = (page_size: number): Call => ({ url: QUERY, query: { page_size: String(page_size) } });

const CASES: Case[] = [
  { rule: 'an unbounded request alone is admitted with one row left', used: 999, inFlight: [], check: { url: AUDIT } },
  {
    rule: 'a second unbounded request while one is in flight (1 row left) → 429, retry in 1 s (only one response may cross)',
    used: 999,
    inFlight: [{ url: AUDIT }],
    check: { url: AUDIT },
    detail:
      'Another request of this key whose rows are known only when it ends (audit, shift factors, constraint costs, export listing) is in progress (1 row left this month); retry when it ends.',
    retryAfter: '1',
  },
  {
    rule: 'the same far from the limit: unbounded requests of a key run one at a time',
    used: 0,
    inFlight: [{ url: SHIFT }],
    check: { url: AUDIT },
    detail:
      'Another request of this key whose rows are known only when it ends (audit, shift factors, constraint costs, export listing) is in progress (1,000 rows left this month); retry when it ends.',
    retryAfter: '1',
  },
  {
    rule: 'a bounded request that fits is admitted beside an unbounded one',
    used: 900,
    inFlight: [{ url: AUDIT }],
    check: q(100),
  },
  {
    rule: 'a bounded request that does not fit is not lone while an unbounded one (holding nothing) runs → too many',
    used: 990,
    inFlight: [{ url: AUDIT }],
    check: q(20),
    detail:
      'Only 10 rows left this month with 1 other request of this key in progress (0 rows held), and this request may return up to 20. Ask for fewer rows (page_size or limit), or retry when they end.',
    retryAfter: '1',
  },
  {
    rule: 'an unbounded request after a lone crossing request took the rest → no rows left after holds, retry in 1 s',
    used: 990,
    inFlight: [q(50)],
    check: { url: AUDIT },
    detail: 'No rows left this month after 50 rows held by requests in progress; retry when they end.',
    retryAfter: '1',
  },
  {
    rule: 'everything left held (rows counted below the limit) → its own wording, not "reached", retry in 1 s',
    used: 900,
    inFlight: [q(60), q(40)],
    check: q(1),
    detail: 'No rows left this month after 100 rows held by requests in progress; retry when they end.',
    retryAfter: '1',
  },
  {
    rule: 'some rows left but fewer than the request may return → too many, retry in 1 s',
    used: 900,
    inFlight: [q(30), q(20)],
    check: q(60),
    detail:
      'Only 50 rows left this month with 2 other requests of this key in progress (50 rows held), and this request may return up to 60. Ask for fewer rows (page_size or limit), or retry when they end.',
    retryAfter: '1',
  },
  { rule: 'a request returning no rows ignores holds', used: 900, inFlight: [q(100)], check: { url: CATALOGUE } },
  {
    rule: 'a request returning no rows is not in flight: a crossing request is still lone',
    used: 990,
    inFlight: [{ url: CATALOGUE }],
    check: q(50),
  },
  {
    rule: 'the rows counted reach the limit → the monthly message, no Retry-After',
    used: 1000,
    inFlight: [],
    check: q(1),
    detail: `Monthly row limit of 1,000 rows reached. ${RESET}`,
  },
  {
    rule: 'over the per-second limit with all rows held → the rate limit answers first, with Retry-After',
    perSecond: 1,
    used: 900,
    inFlight: [q(100)],
    check: q(1),
    detail: 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.',
    retryAfter: '1',
  },
  {
    rule: 'over the per-second limit while another unbounded request runs → the rate limit answers first',
    perSecond: 1,
    used: 0,
    inFlight: [{ url: AUDIT }],
    check: { url: AUDIT },
    detail: 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.',
    retryAfter: '1',
  },
];

describe('plan hook: admission beside requests in flight', () => {
  it.each(CASES.map((c) => [c.rule, c] as const))('%s', async (_rule, c) => {
    const usage = new UsageTracker({ plan: plan(c.perSecond), now: () => new Date(AT) });
    usage.addRows('key', c.used);
    const hooks = planHooks(usage, new Set());
    const onRequest = hooks.onRequest as unknown as (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<void>;
    const app = {} as FastifyInstance;
    for (const call of c.inFlight) {
      const { request, reply } = exchange(call.url, call.query);
      await expect(onRequest.call(app, request, reply), call.url).resolves.toBeUndefined();
    }
    const { request, reply, headers } = exchange(c.check.url, c.check.query);
    const outcome = await onRequest.call(app, request, reply).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (c.detail === undefined) {
      expect(outcome).toBeUndefined();
    } else {
      expect(outcome).toBeInstanceOf(HttpError);
      expect(outcome).toMatchObject({ statusCode: 429, detail: c.detail });
    }
    expect(headers['retry-after']).toBe(c.retryAfter);
  });

  it('frees the slot when a request ends: the next unbounded request is admitted', async () => {
    const usage = new UsageTracker({ plan: plan(), now: () => new Date(AT) });
    const hooks = planHooks(usage, new Set());
    const onRequest = hooks.onRequest as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    const onResponse = hooks.onResponse as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    const first = exchange(AUDIT);
    await onRequest(first.request, first.reply);
    const refused = exchange(AUDIT);
    await expect(onRequest(refused.request, refused.reply)).rejects.toBeInstanceOf(HttpError);
    await onResponse(first.request, first.reply);
    const next = exchange(AUDIT);
    await expect(onRequest(next.request, next.reply)).resolves.toBeUndefined();
  });
});
