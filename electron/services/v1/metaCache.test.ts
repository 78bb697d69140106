import { describe, expect, it } from 'vitest';
import type { DatasetWithTimezone } from '../../../shared/index.js';
import { auditRow, dataset, usage } from '../../../shared/test-support/fixtures.js';
import { createMetadataCache, newIdentitySalt, targetIdentity } from './metaCache.js';
import type { MetadataIdentity } from './metaCache.js';

/** The metadata cache on its own: scopes per server and key, what a changed dataset drops, clearing. */

const ds = (over: Partial<DatasetWithTimezone> = {}): DatasetWithTimezone => ({
  ...dataset('pjm_lmp_day_ahead_hourly'),
  data_timezone: 'US/Eastern',
  ...over,
});
const values = (search: string, ...names: string[]) => ({
  search,
  truncated: false,
  values: names.map((value) => ({ value, count: 1 })),
});

function cacheOver(initial: MetadataIdentity | null) {
  let identity = initial;
  const cache = createMetadataCache({ identify: async () => identity });
  return { cache, switchTo: (next: MetadataIdentity | null) => void (identity = next) };
}

describe('metadata cache', () => {
  it('keeps entries per identity: another key or server of the same profile starts empty, the other profile keeps its own', async () => {
    const { cache, switchTo } = cacheOver({ profile: 'remote', id: 'remote a key1' });
    (await cache.scope())!.putDataset(ds());
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly')).toEqual(ds());
    switchTo({ profile: 'embedded', id: 'embedded b' });
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly')).toBeUndefined();
    (await cache.scope())!.putUsage(usage());
    switchTo({ profile: 'remote', id: 'remote a key1' });
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly')).toEqual(ds());
    switchTo({ profile: 'remote', id: 'remote a key2' });
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly')).toBeUndefined();
    switchTo({ profile: 'remote', id: 'remote a key1' });
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly'), "the old key's entries were dropped").toBeUndefined();
    switchTo({ profile: 'embedded', id: 'embedded b' });
    expect((await cache.scope())!.usage()?.usage).toEqual(usage());
    switchTo(null);
    expect(await cache.scope()).toBeNull();
  });

  it('a dataset body that differs in what sizes a query drops its audit and values; another field or time spelling does not', async () => {
    const { cache } = cacheOver({ profile: 'embedded', id: 'e' });
    const scope = (await cache.scope())!;
    expect(scope.putDataset(ds())).toBe('new');
    scope.putAudit('pjm_lmp_day_ahead_hourly', { rows: [auditRow('2024-01-01')] });
    scope.putValues('pjm_lmp_day_ahead_hourly', 'location', values('', 'A'));
    expect(scope.putDataset(ds({ name: 'Renamed', latest_available_time_utc: '2024-03-01T00:00:00Z' }))).toBe('same');
    expect(scope.audit('pjm_lmp_day_ahead_hourly')).toEqual({ rows: [auditRow('2024-01-01')] });
    expect(scope.putDataset(ds({ latest_available_time_utc: '2024-03-02T00:00:00+00:00' }))).toBe('changed');
    expect(scope.audit('pjm_lmp_day_ahead_hourly')).toBeUndefined();
    expect(scope.values('pjm_lmp_day_ahead_hourly', 'location')).toEqual([]);
    expect(scope.dataset('pjm_lmp_day_ahead_hourly')?.latest_available_time_utc).toBe('2024-03-02T00:00:00+00:00');
  });

  it("a query's dataset_metadata drops the dataset when a field it carries differs; fields it lacks are not compared", async () => {
    const { cache } = cacheOver({ profile: 'embedded', id: 'e' });
    const scope = (await cache.scope())!;
    scope.putDataset(ds());
    expect(scope.checkQueryMetadata('pjm_lmp_day_ahead_hourly', { data_timezone: 'US/Eastern' })).toBe(false);
    expect(scope.checkQueryMetadata('pjm_lmp_day_ahead_hourly', undefined)).toBe(false);
    expect(scope.checkQueryMetadata('pjm_lmp_day_ahead_hourly', { ...ds(), number_of_rows_approximate: 10 })).toBe(false);
    expect(scope.checkQueryMetadata('pjm_lmp_day_ahead_hourly', { number_of_rows_approximate: 11 })).toBe(true);
    expect(scope.dataset('pjm_lmp_day_ahead_hourly')).toBeUndefined();
  });

  it('keeps the newest answers per column, one per search, newest first', async () => {
    const { cache } = createMetadataCacheWithCap(2);
    const scope = (await cache.scope())!;
    scope.putValues('d', 'zone', values('', 'A'));
    scope.putValues('d', 'zone', values('w', 'WEST'));
    scope.putValues('d', 'zone', values('', 'A', 'B'));
    expect(scope.values('d', 'zone')).toEqual([values('', 'A', 'B'), values('w', 'WEST')]);
    scope.putValues('d', 'zone', values('e', 'EAST'));
    expect(scope.values('d', 'zone').map((a) => a.search)).toEqual(['e', '']);
  });

  it('clear drops one profile or all, and says how many datasets it dropped', async () => {
    const { cache, switchTo } = cacheOver({ profile: 'embedded', id: 'e' });
    (await cache.scope())!.putDataset(ds());
    switchTo({ profile: 'remote', id: 'r' });
    (await cache.scope())!.putDataset(ds());
    (await cache.scope())!.putDataset(ds({ id: 'other' }));
    expect(cache.clear('remote')).toBe(2);
    expect((await cache.scope())!.dataset('other')).toBeUndefined();
    switchTo({ profile: 'embedded', id: 'e' });
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly')).toEqual(ds());
    expect(cache.clear()).toBe(1);
    expect((await cache.scope())!.dataset('pjm_lmp_day_ahead_hourly')).toBeUndefined();
  });

  it('a target identity names the profile and URL and tells keys apart without holding the key', () => {
    const salt = newIdentitySalt();
    const a = targetIdentity({ baseUrl: 'https://api.example/v1', key: 'secret-key-1', profile: 'remote' }, salt);
    const b = targetIdentity({ baseUrl: 'https://api.example/v1', key: 'secret-key-2', profile: 'remote' }, salt);
    const c = targetIdentity({ baseUrl: 'http://127.0.0.1:5000/v1', key: 'secret-key-1', profile: 'embedded' }, salt);
    expect(a.profile).toBe('remote');
    expect(c.profile).toBe('embedded');
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(a.id).toContain('https://api.example/v1');
    expect(a.id).not.toContain('secret');
    expect(
      targetIdentity({ baseUrl: 'https://api.example/v1', key: 'secret-key-1', profile: 'remote' }, newIdentitySalt()).id,
    ).not.toBe(a.id);
  });
});

function createMetadataCacheWithCap(maxAnswersPerColumn: number) {
  return { cache: createMetadataCache({ identify: async () => ({ profile: 'embedded', id: 'e' }), maxAnswersPerColumn }) };
}
