import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage, ErrorBody } from '../../shared/index.js';
import { createServer } from '../app.js';
import { tempDir } from '../test-support/testing.js';
import { resolvePlan, type Plan } from './index.js';

/** Plans and quotas (docs/plans.md), one case per rule, on a clock the test sets; each case has its own key. */

const BASE = Date.parse('2026-11-02T00:00:00Z');
const RESET = 'Your usage resets on 2026-12-01.';
const TINY: Plan = {
  name: 'tiny',
  limits: { ...resolvePlan('unlimited').limits, api_rows_returned_limit: 3, per_hour_api_rate_limit: 4 },
  entitlements: { resampling: false, audit: true },
};
const KEYS = Array.from({ length: 20 }, (_, i) => `contract-key-${i}`);

let now = BASE;
let cacheDir: string;
const servers: Record<string, FastifyInstance> = {};

beforeAll(async () => {
  cacheDir = await tempDir('plans-contract');
  for (const [name, plan] of [
    ['free', 'free'],
    ['tiny', TINY],
    ['unlimited', undefined],
  ] as const) {
    servers[name] = await createServer({
      apiKeys: KEYS,
      cacheDir,
      usageFile: path.join(cacheDir, `usage-${name}.json`),
      now: () => new Date(now),
      ...(plan ? { plan } : {}),
    });
  }
});
afterAll(async () => {
  for (const app of Object.values(servers)) await app.close();
  await rm(cacheDir, { recursive: true, force: true });
});

interface Step {
  url: string;
  at: number; // ms after BASE
  status: number;
}
const repeat = (url: string, count: number, stepMs: number): Step[] =>
  Array.from({ length: count }, (_, i) => ({ url, at: i * stepMs, status: 200 }));

interface Rule {
  rule: string;
  server: 'free' | 'tiny' | 'unlimited';
  before?: Step[];
  url: string;
  at?: number; // default: the last step's
  anonymous?: boolean;
  status: number;
  detail?: string;
  retryAfter?: string | null; // null = absent
  check?: (body: unknown) => void;
}

const AUDIT = '/v1/datasets/isone_load_hourly/audit'; // 2 rows
const CATALOGUE = '/v1/datasets/nyiso_zonal_load_5_min';
const QUERY = '/v1/datasets/nyiso_zonal_load_5_min/query';

const RULES: Rule[] = [
  {
    rule: 'no key → 401 before any limit',
    server: 'free',
    url: CATALOGUE,
    anonymous: true,
    status: 401,
    detail: 'API key is required.',
  },
  {
    rule: 'audit on free → 403',
    server: 'free',
    url: AUDIT,
    status: 403,
    detail: 'Audit data requires an entitlement your plan (free) does not include.',
  },
  { rule: 'audit on a plan with audit → 200', server: 'tiny', url: AUDIT, status: 200 },
  { rule: 'audit on unlimited (the default) → 200', server: 'unlimited', url: AUDIT, status: 200 },
  {
    rule: 'free: a 2nd request in the same second → 429 per second',
    server: 'free',
    before: repeat(CATALOGUE, 1, 0),
    url: CATALOGUE,
    status: 429,
    detail: 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.',
    retryAfter: '1',
  },
  {
    rule: 'free: one second later → 200',
    server: 'free',
    before: repeat(CATALOGUE, 1, 1_000),
    url: CATALOGUE,
    at: 1_000,
    status: 200,
    retryAfter: null,
  },
  {
    rule: 'free: the 31st request within a minute → 429 per minute',
    server: 'free',
    before: repeat(CATALOGUE, 30, 1_000),
    url: CATALOGUE,
    at: 30_000,
    status: 429,
    detail: 'Too Many Requests. Limit: 30 per 1 minute. Try again in 30 seconds.',
    retryAfter: '30',
  },
  {
    rule: 'the 5th request within an hour on 4/h → 429 per hour',
    server: 'tiny',
    before: repeat(CATALOGUE, 4, 60_000),
    url: CATALOGUE,
    at: 240_000,
    status: 429,
    detail: 'Too Many Requests. Limit: 4 per 1 hour. Try again in 3360 seconds.',
    retryAfter: '3360',
  },
  {
    rule: 'free: the 251st request of the month → 429 naming the reset date',
    server: 'free',
    before: repeat(CATALOGUE, 250, 120_000),
    url: CATALOGUE,
    at: 250 * 120_000,
    status: 429,
    detail: `Monthly request limit of 250 requests reached. ${RESET}`,
    retryAfter: null,
  },
  {
    rule: 'rows used reach the monthly limit → 429 naming the reset date (the crossing response was whole)',
    server: 'tiny',
    before: [...repeat(AUDIT, 1, 0), { url: AUDIT, at: 0, status: 200 }],
    url: CATALOGUE,
    status: 429,
    detail: `Monthly row limit of 3 rows reached. ${RESET}`,
    retryAfter: null,
  },
  {
    rule: "a lone query that may return more rows than are left is the month's last response, delivered whole",
    server: 'tiny',
    before: repeat(AUDIT, 1, 0),
    url: `${QUERY}?limit=2`,
    status: 200,
    check: (body) => expect((body as { data: unknown[] }).data).toHaveLength(2),
  },
  {
    rule: 'after the last response crossed the row limit → 429 reached',
    server: 'tiny',
    before: [...repeat(AUDIT, 1, 0), { url: `${QUERY}?limit=2`, at: 0, status: 200 }],
    url: `${QUERY}?limit=1`,
    status: 429,
    detail: `Monthly row limit of 3 rows reached. ${RESET}`,
    retryAfter: null,
  },
  {
    rule: 'a query whose limit fits the rows left → 200',
    server: 'tiny',
    before: repeat(AUDIT, 1, 0),
    url: `${QUERY}?limit=1`,
    status: 200,
  },
  {
    rule: 'a query holds rows only until it ends: a 400 frees them, a short page keeps only what it sent',
    server: 'tiny',
    before: [
      { url: `${QUERY}?limit=3&columns=nope`, at: 0, status: 400 },
      { url: `${QUERY}?page_size=3&filter_column=zone&filter_value=NOWHERE`, at: 0, status: 200 }, // 0 rows
    ],
    url: `${QUERY}?page_size=3`,
    status: 200,
    check: (body) => expect((body as { data: unknown[] }).data).toHaveLength(3),
  },
  {
    rule: 'api_usage is neither limited nor counted; refused requests count for nothing',
    server: 'free',
    before: [...repeat(CATALOGUE, 1, 0), { url: CATALOGUE, at: 0, status: 429 }],
    url: '/v1/api_usage',
    status: 200,
    check: (body) => {
      const usage = ApiUsage.parse(body);
      expect(usage.plan_name).toBe('free');
      expect(usage.current_period_usage).toEqual({ total_requests: 1, total_api_rows_returned: 0 });
      expect(usage.current_usage_period_start).toBe('2026-11-01T00:00:00+00:00');
      expect(usage.current_usage_period_end).toBe('2026-12-01T00:00:00+00:00');
    },
  },
];

describe('plans and quotas contract', () => {
  it.each(RULES.map((rule, i) => [rule.rule, rule, KEYS[i]!] as const))('%s', async (_name, rule, key) => {
    const app = servers[rule.server]!;
    const send = (url: string, at: number, anonymous = false) => {
      now = BASE + at;
      return app.inject({ method: 'GET', url, headers: anonymous ? {} : { 'x-api-key': key } });
    };
    for (const step of rule.before ?? []) expect((await send(step.url, step.at)).statusCode, step.url).toBe(step.status);
    const res = await send(rule.url, rule.at ?? rule.before?.at(-1)?.at ?? 0, rule.anonymous);
    expect(res.statusCode).toBe(rule.status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    if (rule.detail !== undefined) expect(ErrorBody.parse(res.json())).toEqual({ detail: rule.detail });
    if (rule.retryAfter !== undefined) expect(res.headers['retry-after'] ?? null).toBe(rule.retryAfter);
    rule.check?.(res.json());
  });
});

describe('server options', () => {
  it('refuses an unknown plan before opening anything', async () => {
    await expect(createServer({ apiKeys: ['k'], cacheDir, plan: 'gold' })).rejects.toThrow(
      'Unknown plan "gold". Configured plans: free, pro, unlimited.',
    );
    await expect(createServer({ apiKeys: ['k'], cacheDir, queryTimeoutMs: 0 })).rejects.toThrow(/queryTimeoutMs/);
  });

  it('exposes the plan and the query time-out on the instance', () => {
    expect(servers.free!.gridscope.plan).toEqual(resolvePlan('free'));
    expect(servers.free!.gridscope.queryTimeoutMs).toBe(30_000);
    expect(servers.tiny!.gridscope.plan.name).toBe('tiny');
  });
});
