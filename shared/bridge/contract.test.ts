import { describe, expect, it } from 'vitest';
import { MAX_CACHE_TTL_SECONDS, RemoteBaseUrl, contractInputs, isVerb, VERBS } from './contract.js';
import { TIME_CASES, expectedFor } from '../time/test-support/cases.js';

describe('RemoteBaseUrl', () => {
  it.each(['https://api.gridstatus.io/v1', 'http://127.0.0.1:8787/v1', 'http://localhost:9/v1', ' https://x.example/v1 '])(
    'accepts %s',
    (url) => expect(RemoteBaseUrl.safeParse(url).success).toBe(true),
  );
  it.each([
    'http://api.gridstatus.io/v1', // a key must not travel over plain http to a non-local host
    'https://user:pw@api.example/v1',
    'https://api.example/v1?api_key=abc',
    'https://api.example/v1#x',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('rejects %s', (url) => expect(RemoteBaseUrl.safeParse(url).success).toBe(false));
});

describe('contract inputs', () => {
  it('are strict: unknown fields are rejected', () => {
    expect(contractInputs['datasets:get'].safeParse({ datasetId: 'pjm_x', extra: 1 }).success).toBe(false);
    expect(contractInputs['datasets:list'].safeParse({ url: 'https://evil' }).success).toBe(false);
  });
  it('reject dataset ids that could escape a path', () => {
    for (const id of ['../etc', 'a/b', 'A%2F', '']) {
      expect(contractInputs['datasets:get'].safeParse({ datasetId: id }).success).toBe(false);
    }
  });
  it('keys:set only for the remote profile and never empty', () => {
    expect(contractInputs['keys:set'].safeParse({ profile: 'embedded', key: 'abcdefgh12' }).success).toBe(false);
    expect(contractInputs['keys:set'].safeParse({ profile: 'remote', key: '   ' }).success).toBe(false);
    expect(contractInputs['keys:set'].safeParse({ profile: 'remote', key: 'abcdefgh12' }).success).toBe(true);
  });
  it('isVerb agrees with VERBS', () => {
    for (const v of VERBS) expect(isVerb(v)).toBe(true);
    expect(isVerb('toString')).toBe(false);
    expect(isVerb('fs:read')).toBe(false);
  });
});

describe('request ids, estimate, column values and cache inputs', () => {
  it('data verbs take an optional requestId of 1–64 safe characters', () => {
    for (const verb of ['datasets:list', 'usage:get'] as const) {
      expect(contractInputs[verb].safeParse({}).success).toBe(true);
      expect(contractInputs[verb].safeParse({ requestId: '3f2b9c1e-7d4a-4c55-9b1a-0a6e2d1f8c77' }).success).toBe(true);
      expect(contractInputs[verb].safeParse({ requestId: 'has space' }).success).toBe(false);
    }
    expect(contractInputs['datasets:get'].safeParse({ datasetId: 'x', requestId: 'r1' }).success).toBe(true);
    expect(contractInputs['requests:status'].safeParse({}).success).toBe(true);
    expect(contractInputs['requests:cancel'].safeParse({ requestId: 'r1' }).success).toBe(true);
  });

  it('datasets:estimate: ISO times and one filter with a known operator (default =)', () => {
    const r = contractInputs['datasets:estimate'].safeParse({
      datasetId: 'pjm_lmp',
      startTime: '2024-03-01',
      endTime: '2024-03-02T00:00:00+00:00',
      filter: { column: 'location', value: 'WESTERN HUB' },
    });
    expect(r.success && r.data.filter).toEqual({ column: 'location', operator: '=', value: 'WESTERN HUB' });
    for (const t of ['2024-03-01 05:00', '2024-03-01T05:00:00.123Z', '2024-03-01T05:00-0500']) {
      expect(contractInputs['datasets:estimate'].safeParse({ datasetId: 'x', startTime: t }).success, t).toBe(true);
    }
    for (const t of ['03/01/2024', 'now', '2024-03-01T05']) {
      expect(contractInputs['datasets:estimate'].safeParse({ datasetId: 'x', startTime: t }).success, t).toBe(false);
    }
  });

  it("datasets:estimate takes the pull's resampling and vintage, checked as a pull checks them", () => {
    const shaped = { datasetId: 'x', resampleFrequency: '1d', resampleBy: ['zone'], publishTime: 'latest_before:-1 day' };
    expect(contractInputs['datasets:estimate'].safeParse(shaped).success).toBe(true);
    expect(contractInputs['datasets:estimate'].safeParse({ ...shaped, resampleBy: ['zone; drop'] }).success).toBe(false);
    expect(contractInputs['datasets:estimate'].safeParse({ ...shaped, publishTime: 'tomorrow' }).success).toBe(false);
    expect(contractInputs['datasets:estimate'].safeParse({ ...shaped, resampleFunction: 'sum' }).success).toBe(false);
  });

  it('datasets:columnValues: a safe column name, optional search and limit (1–10,000); estimate takes the query timezone', () => {
    const s = contractInputs['datasets:columnValues'];
    expect(s.safeParse({ datasetId: 'x', column: 'zone', search: 'N.Y', limit: 100, requestId: 'r1' }).success).toBe(true);
    for (const bad of [
      { datasetId: 'x', column: 'a/b' },
      { datasetId: 'x', column: 'zone', limit: 0 },
      { datasetId: 'x', column: 'zone', extra: 1 },
    ]) {
      expect(s.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(contractInputs['datasets:estimate'].safeParse({ datasetId: 'x', timezone: 'market' }).success).toBe(true);
    expect(contractInputs['datasets:estimate'].safeParse({ datasetId: 'x', timezone: "UTC'; --" }).success).toBe(false);
  });

  it('profiles:setCache: whole seconds from 0 (off) to 30 days', () => {
    const s = contractInputs['profiles:setCache'];
    expect(s.safeParse({ profile: 'remote', ttlSeconds: 0 }).success).toBe(true);
    expect(s.safeParse({ profile: 'embedded', ttlSeconds: MAX_CACHE_TTL_SECONDS }).success).toBe(true);
    expect(s.safeParse({ profile: 'remote', ttlSeconds: MAX_CACHE_TTL_SECONDS + 1 }).success).toBe(false);
  });
});

describe('contract split', () => {
  it('has one input schema per verb, no more', () => {
    expect(Object.keys(contractInputs).sort()).toEqual([...VERBS].sort());
  });
  it('keys:set takes a key of any length that can be sent as a header, and refuses one that cannot', () => {
    for (const key of ['k', 'abc', 'x'.repeat(512)])
      expect(contractInputs['keys:set'].safeParse({ profile: 'remote', key }).success).toBe(true);
    for (const key of ['', 'a b', 'ab\ncd', 'x'.repeat(513), 'clé'])
      expect(contractInputs['keys:set'].safeParse({ profile: 'remote', key }).success).toBe(false);
  });
});

describe('contract times use the one time grammar', () => {
  it.each(TIME_CASES)('$text ($zone)', (c) => {
    const accepted = expectedFor(c, false) !== 'invalid';
    expect(contractInputs['datasets:query'].safeParse({ datasetId: 'x', startTime: c.text }).success).toBe(accepted);
    expect(contractInputs['datasets:estimate'].safeParse({ datasetId: 'x', endTime: c.text }).success).toBe(accepted);
  });
});
