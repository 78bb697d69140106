import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveOutagesResponse } from '../../shared/index.js';
import { TEST_KEY, startTestServer } from '../test-support/testing.js';

// Real ticket 724453: 2017-11-19 10:00 EST → 2027-11-01 16:00 EDT, logged 2021-11-01 21:28 EDT, re-stamped 2024-10-27 07:19 EDT.

let app: FastifyInstance;
let close: () => Promise<void>;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_KEY } });
const active = async (query: string, market = 'pjm') => {
  const res = await get(`/v1/outages/${market}/active?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ActiveOutagesResponse.parse(res.json());
};
const real = async (start: string, end = '2030-01-01T00:00:00Z', extra = '') =>
  (await active(`start_time=${start}&end_time=${end}${extra}`)).tickets.find((t) => t.ticket === 724453);

beforeAll(async () => {
  ({ app, close } = await startTestServer());
});
afterAll(async () => close());

describe('the real eDART ticket 724453', () => {
  it('is reconstructed from its logs with three pieces of equipment at MANSFIEL 345 kV', async () => {
    const ticket = (await real('2022-01-01T00:00:00Z'))!;
    expect(ticket).toMatchObject({
      ticket: 724453,
      status: 'Active',
      outage_type: 'Continuous',
      version_time_utc: '2021-11-02T01:28:00+00:00',
      current_interval_start_utc: '2017-11-19T15:00:00+00:00',
      current_interval_end_utc: '2027-11-01T20:00:00+00:00',
      causes: ['Maintenance: Inspection / General Maintenance'],
      is_synthetic: false,
    });
    expect(
      ticket.equipment.map((e) => [e.zone, e.equipment_type, e.station_1, e.voltage, e.equipment_name, e.switching_action]),
    ).toEqual([
      ['FEPA', 'BRKR', 'MANSFIEL', 345, 'D42 DIS', 'OPEN'],
      ['FEPA', 'BRKR', 'MANSFIEL', 345, 'D43 CB', 'OPEN'],
      ['FEPA', 'BRKR', 'MANSFIEL', 345, 'D41 CB', 'OPEN'],
    ]);
    expect(ticket.equipment[0]!.from_substation).toMatchObject({ name: 'MANSFIEL' });
    expect((await real('2025-01-01T00:00:00Z'))!.version_time_utc).toBe('2024-10-27T11:19:00+00:00');
  });

  it('as of start_time: unknown before its first logged version, shown from that instant on', async () => {
    expect(await real('2021-11-02T01:27:59Z')).toBeUndefined();
    expect(await real('2021-11-02T01:28:00Z')).toBeDefined();
  });

  it('overlap at the end of its interval: [start, end) of the window against [start, end) of the ticket', async () => {
    expect(await real('2027-11-01T19:59:59Z')).toBeDefined();
    expect(await real('2027-11-01T20:00:00Z')).toBeUndefined();
  });

  it('start_date bounds current_interval_start_utc from below (inclusive)', async () => {
    expect(await real('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z', '&start_date=2017-11-19T15:00:00Z')).toBeDefined();
    expect(await real('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z', '&start_date=2017-11-19T15:00:01Z')).toBeUndefined();
  });
});

describe('the endpoint', () => {
  it('returns synthetic eDART-shaped tickets around the sample windows, ordered by interval start', async () => {
    const res = await get('/v1/outages/PJM/active?start_time=2024-09-02T00:00:00Z&end_time=2024-09-05T00:00:00Z');
    expect(res.headers['x-gridscope-synthetic']).toMatch(/is_synthetic/);
    const body = ActiveOutagesResponse.parse(res.json());
    const synthetic = body.tickets.filter((t) => t.is_synthetic);
    expect(synthetic.length).toBeGreaterThan(3);
    expect(
      synthetic.every((t) => t.ticket > 9_000_000 && t.equipment.length > 0 && t.current_interval_end_utc > '2024-09-02'),
    ).toBe(true);
    const starts = body.tickets.map((t) => t.current_interval_start_utc);
    expect(starts).toEqual([...starts].sort());
    expect(body.truncated).toBe(false);
    const line = synthetic.flatMap((t) => t.equipment).find((e) => e.equipment_type === 'LINE');
    expect(line && line.station_1 !== line.station_2 && line.from_substation && line.to_substation).toBeTruthy();
  });

  it('start_date sent empty (nullable) counts as absent; a bad one or an empty start_time → 422', async () => {
    const window = 'start_time=2024-09-02T00:00:00Z&end_time=2024-09-05T00:00:00Z';
    const all = await active(window);
    expect(all.tickets.some((t) => t.ticket === 724453)).toBe(true); // started in 2017: no lower bound
    expect(await active(`${window}&start_date=`)).toEqual(all);
    expect(await active(`${window}&start_date=%20`)).toEqual(all);
    const bounded = await active(`${window}&start_date=2024-09-01T00:00:00Z`);
    expect(bounded.tickets.length).toBeLessThan(all.tickets.length);
    expect(bounded.tickets.every((t) => t.current_interval_start_utc >= '2024-09-01T00:00:00+00:00')).toBe(true);
    const bad = await get(`/v1/outages/pjm/active?${window}&start_date=soon`);
    expect(bad.json().detail).toEqual([
      expect.objectContaining({ loc: ['query', 'start_date'], type: 'datetime_from_date_parsing' }),
    ]);
    const emptyStart = await get('/v1/outages/pjm/active?start_time=&end_time=2024-09-05T00:00:00Z');
    expect(emptyStart.statusCode).toBe(422);
    expect(emptyStart.json().detail[0]).toMatchObject({ loc: ['query', 'start_time'] });
  });

  it('limit 1..100000 with truncated; start_time and end_time required; unknown market → 404', async () => {
    const one = await active('start_time=2024-09-02T00:00:00Z&end_time=2024-09-05T00:00:00Z&limit=1');
    expect([one.truncated, one.tickets.length]).toEqual([true, 1]);
    expect((await get('/v1/outages/pjm/active?start_time=2024-09-02&end_time=2024-09-05&limit=0')).statusCode).toBe(422);
    expect((await get('/v1/outages/pjm/active?start_time=2024-09-02&end_time=2024-09-05&limit=100001')).statusCode).toBe(422);
    const missing = await get('/v1/outages/pjm/active?start_time=2024-09-02');
    expect(missing.json().detail).toEqual([{ loc: ['query', 'end_time'], msg: 'Field required', type: 'missing' }]);
    const unknown = await get('/v1/outages/narnia/active?start_time=2024-09-02&end_time=2024-09-05');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No outage data for market narnia' });
  });
});
