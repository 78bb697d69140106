import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FREE_TIER_LIMITS } from '../../shared/test-support/fixtures.js';
import { HttpError } from '../errors.js';
import { parsePlansFile } from './config.js';
import { DEFAULT_PLAN_NAME, PLAN_NAMES, requireEntitlement, resolvePlan } from './index.js';
import plansJson from './plans.json' with { type: 'json' };

describe('plans.json', () => {
  it('names free, pro and unlimited, unlimited by default', () => {
    expect(PLAN_NAMES).toEqual(['free', 'pro', 'unlimited']);
    expect(DEFAULT_PLAN_NAME).toBe('unlimited');
    expect(resolvePlan(undefined).name).toBe('unlimited');
  });

  it('gives free the published free tier and no resampling or audit', () => {
    expect(resolvePlan('free')).toEqual({
      name: 'free',
      limits: FREE_TIER_LIMITS,
      entitlements: { resampling: false, audit: false },
    });
  });

  it('gives pro larger limits with every entitlement, unlimited no limits', () => {
    const free = resolvePlan('free').limits;
    const pro = resolvePlan('pro');
    for (const [name, value] of Object.entries(pro.limits)) expect(value).toBeGreaterThan(free[name as keyof typeof free]);
    expect(pro.entitlements).toEqual({ resampling: true, audit: true });
    const unlimited = resolvePlan('unlimited');
    expect(Object.values(unlimited.limits).every((v) => v === -1)).toBe(true);
    expect(unlimited.entitlements).toEqual({ resampling: true, audit: true });
    expect(Object.isFrozen(unlimited.limits)).toBe(true);
  });
});

type Editable = {
  default: string;
  plans: Record<string, { limits: Record<string, unknown>; entitlements: Record<string, unknown> }>;
};

describe('plan validation', () => {
  it('throws a clear error for an unknown plan name', () => {
    expect(() => resolvePlan('gold')).toThrow('Unknown plan "gold". Configured plans: free, pro, unlimited.');
  });

  it.each([
    ['a limit below -1', (f: Editable) => (f.plans.free!.limits.api_requests_limit = -2), /api_requests_limit/],
    ['a fractional limit', (f: Editable) => (f.plans.pro!.limits.per_hour_api_rate_limit = 1.5), /per_hour_api_rate_limit/],
    ['a missing entitlement', (f: Editable) => delete f.plans.free!.entitlements.audit, /audit/],
    ['an unknown limit', (f: Editable) => (f.plans.free!.limits.per_day_api_rate_limit = 5), /per_day_api_rate_limit/],
    ['a default that is no plan', (f: Editable) => (f.default = 'gold'), /default must name one of the plans/],
    ['an upper-case plan name', (f: Editable) => (f.plans.Free = f.plans.free!), /Invalid key in record[\s\S]*plans\.Free/],
  ])('rejects %s', (_case, edit, message) => {
    const file = structuredClone(plansJson) as unknown as Editable;
    edit(file);
    expect(() => parsePlansFile(file)).toThrow(message);
  });

  it('validates a plan object with the same schema', () => {
    const custom = {
      name: 'tiny',
      limits: { ...resolvePlan('free').limits, api_requests_limit: 3 },
      entitlements: { resampling: false, audit: true },
    };
    expect(resolvePlan(custom)).toEqual(custom);
    expect(() => resolvePlan({ ...custom, limits: { ...custom.limits, api_requests_limit: 'many' } } as never)).toThrow(
      /Invalid plan/,
    );
  });
});

describe('requireEntitlement', () => {
  const request = (plan: string) => ({ plan: resolvePlan(plan) }) as FastifyRequest;
  const refusal = (plan: string, entitlement: 'resampling' | 'audit') => {
    try {
      requireEntitlement(request(plan), entitlement);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('passes on plans that include the entitlement', () => {
    expect(refusal('pro', 'resampling')).toBeUndefined();
    expect(refusal('unlimited', 'audit')).toBeUndefined();
  });

  it('throws 403 with the plan named on plans without it', () => {
    expect(refusal('free', 'resampling')).toEqual(new HttpError(403, 'Resampling requires a paid plan. Your plan: free.'));
    const audit = refusal('free', 'audit') as HttpError;
    expect([audit.statusCode, audit.detail]).toEqual([
      403,
      'Audit data requires an entitlement your plan (free) does not include.',
    ]);
  });
});
