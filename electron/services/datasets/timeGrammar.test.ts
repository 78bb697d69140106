import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ok, parseTimeText } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { TIME_CASES, expectedFor } from '../../../shared/time/test-support/cases.js';
import { dataset, usage } from '../../../shared/test-support/fixtures.js';
import { dispatch } from '../verbs/dispatch.js';
import { readEstimateWindow } from './forecast.js';
import { createDatasetService } from './service.js';
import type { Domains } from '../verbs/handlers.js';
import { createHandlers } from '../verbs/routes.js';
import type { V1Proxy } from '../v1/proxy.js';
import { createRequestRegistry } from '../v1/requests.js';
import { setLogSink } from '../common/logger.js';

// The estimate accepts and refuses every text of the shared case table as shared/time/grammar.ts does, to the millisecond.

/** The table's instant `YYYY-MM-DDTHH:MM:SS.ffffffZ` as epoch ms (microseconds dropped). */
const epochMsOf = (instant: string): number => Date.parse(`${instant.slice(0, 23)}Z`);

describe.each(TIME_CASES.map((c) => [JSON.stringify(c.text), c.zone, c] as const))('time %s in %s', (_text, _zone, c) => {
  const expected = expectedFor(c, false);

  it(expected === 'invalid' ? 'is refused by the estimate' : `is read by the estimate as ${expected}`, () => {
    const window = readEstimateWindow({ startTime: c.text, timezone: c.zone }, 'UTC');
    if (expected === 'invalid') {
      expect(window).toMatchObject({ ok: false, error: { code: 'validation' } });
      expect(() => parseTimeText(c.text, { zone: c.zone })).toThrow();
      return;
    }
    expect(window).toEqual({ ok: true, value: { startMs: epochMsOf(expected) } });
    expect(window.ok && window.value.startMs).toBe(parseTimeText(c.text, { zone: c.zone }).epochMs);
  });
});

describe('the window of datasets:estimate through the bridge', () => {
  const hourly = { ...dataset('pjm_lmp_day_ahead_hourly'), data_timezone: 'US/Eastern' };
  const proxy: V1Proxy = {
    async get<T>(path: string, _q: unknown, schema: z.ZodType<T>): Promise<Result<T>> {
      return ok(schema.parse(path === '/api_usage' ? usage() : hourly));
    },
    getWithMeta: () => Promise.reject(new Error('not used')),
    open: () => Promise.reject(new Error('not used')),
    close: async () => undefined,
  };
  const requests = createRequestRegistry();
  const handlers = createHandlers({
    datasets: createDatasetService({ proxy, requests }),
    requests,
  } as Partial<Domains> as Domains);
  beforeAll(() => setLogSink(() => undefined));
  afterAll(() => setLogSink());

  it('accepts and refuses the texts of the case table as the grammar does, start and end alike', async () => {
    for (const c of TIME_CASES) {
      const valid = expectedFor(c, false) !== 'invalid';
      for (const field of ['startTime', 'endTime']) {
        const r = await dispatch(handlers, 'datasets:estimate', { datasetId: hourly.id, [field]: c.text, timezone: c.zone });
        expect(r.ok, `${field} ${JSON.stringify(c.text)} in ${c.zone}: ${JSON.stringify(r)}`).toBe(valid);
        if (!valid) expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
      }
    }
  });

  it("reads a naive time in the dataset's zone with timezone=market, and refuses an unknown zone", () => {
    expect(readEstimateWindow({ startTime: '2024-03-10 02:30', timezone: 'market' }, 'US/Eastern')).toEqual({
      ok: true,
      value: { startMs: Date.UTC(2024, 2, 10, 7, 30) },
    });
    expect(readEstimateWindow({ startTime: '2024-03-10 02:30' }, 'US/Eastern')).toEqual({
      ok: true,
      value: { startMs: Date.UTC(2024, 2, 10, 2, 30) },
    });
    expect(readEstimateWindow({ startTime: '2024-03-10', timezone: 'Mars/Olympus' }, 'UTC')).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });
});
