import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS_PER_DAY, startChangingV1 } from '../test-support/changingV1.js';
import type { ChangingV1 } from '../test-support/changingV1.js';

const KEY = 'changing-key-0123456789';
let v1: ChangingV1;

beforeAll(async () => {
  v1 = await startChangingV1({ key: KEY, days: 2 });
});
afterAll(() => v1.close());

async function get(path: string): Promise<unknown> {
  const res = await v1.app.inject({ method: 'GET', url: `/v1${path}`, headers: { 'x-api-key': KEY } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('test-only data changes (DataChanges)', () => {
  it('an appended day is served, moves latest_available_time_utc and adds a non-backfill record with its range', async () => {
    const before = (await get(`/datasets/${v1.dataset}`)) as { latest_available_time_utc: string };
    expect(before.latest_available_time_utc).toBe('2020-01-02T23:55:00+00:00');
    const builtRecords = ((await get(`/dataset-updates/${v1.dataset}`)) as { data: unknown[] }).data.length;

    await v1.appendDay();
    const after = (await get(`/datasets/${v1.dataset}`)) as { latest_available_time_utc: string; number_of_rows_approximate: number };
    expect(after.latest_available_time_utc).toBe('2020-01-03T23:55:00+00:00');
    expect(after.number_of_rows_approximate).toBe(3 * ROWS_PER_DAY);
    const updates = ((await get(`/dataset-updates/${v1.dataset}?order=desc`)) as { data: Record<string, unknown>[] }).data;
    expect(updates).toHaveLength(builtRecords + 1);
    expect(updates[0]).toMatchObject({
      id: builtRecords + 1,
      dataset: v1.dataset,
      num_rows_inserted: ROWS_PER_DAY,
      num_rows_updated: 0,
      is_backfill: false,
      start_time_utc: '2020-01-03T00:00:00.000Z',
      end_time_utc: '2020-01-04T00:00:00.000Z',
    });
    const day = await v1.app.inject({
      method: 'GET',
      url: `/v1/datasets/${v1.dataset}/query?start_time=2020-01-03&end_time=2020-01-04&return_format=csv`,
      headers: { 'x-api-key': KEY },
    });
    expect(day.body.trimEnd().split('\n')).toHaveLength(ROWS_PER_DAY + 1);
  });

  it('a backfill changes the rows of its range only and is recorded as a backfill with updated rows', async () => {
    const q = (start: string, end: string) =>
      v1.app.inject({
        method: 'GET',
        url: `/v1/datasets/${v1.dataset}/query?start_time=${start}&end_time=${end}&columns=lmp`,
        headers: { 'x-api-key': KEY },
      });
    const lmp = async (start: string, end: string) =>
      ((await q(start, end)).json() as { data: { lmp: number }[] }).data.map((r) => r.lmp);
    const inRange = await lmp('2020-01-01T01:00:00Z', '2020-01-01T02:00:00Z');
    const outside = await lmp('2020-01-01T02:00:00Z', '2020-01-01T03:00:00Z');
    const record = await v1.backfill('2020-01-01T01:00:00Z', '2020-01-01T02:00:00Z', 1000);
    expect(record).toMatchObject({ is_backfill: true, num_rows_inserted: 0, num_rows_updated: 120 });
    expect(await lmp('2020-01-01T01:00:00Z', '2020-01-01T02:00:00Z')).toEqual(inRange.map((v) => v + 1000));
    expect(await lmp('2020-01-01T02:00:00Z', '2020-01-01T03:00:00Z')).toEqual(outside);
  });
});
