import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { PRICING_NODES_FILE, createLocationList, pricingLocationsOf } from './locations.js';

const node = (name: string, iso: string, nodeType: string, extra: Record<string, unknown> = {}) => ({
  id: name,
  name,
  iso,
  nodeType,
  latitude: 40,
  longitude: -80,
  ...extra,
});

describe('pricingLocationsOf', () => {
  it('keeps hubs and zones with coordinates, lower-cases the market, orders by name then market', () => {
    const locations = pricingLocationsOf([
      node('Zeta Zone', 'PJM', 'zone'),
      node('A Plant', 'PJM', 'gen'),
      node('Alpha Hub', 'MISO', 'hub'),
      node('Alpha Hub', 'ERCOT', 'hub'),
      node('LAP', 'CAISO', 'lap'),
      node('No Coordinates', 'PJM', 'hub', { latitude: null }),
      { name: 'No Market', nodeType: 'hub', latitude: 1, longitude: 1 },
    ]);
    expect(locations.map((l) => [l.name, l.market_id, l.location_type])).toEqual([
      ['Alpha Hub', 'ercot', 'hub'],
      ['Alpha Hub', 'miso', 'hub'],
      ['Zeta Zone', 'pjm', 'zone'],
    ]);
    // Same name in two markets: two ids (the market is part of the hash).
    expect(locations[0]!.gs_entity_id).not.toBe(locations[1]!.gs_entity_id);
    expect(locations[0]!.gs_entity_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses a file that is not an array', () => {
    expect(() => pricingLocationsOf({ nodes: [] })).toThrow(/not a JSON array/);
  });
});

describe('createLocationList', () => {
  let dir: string;
  beforeAll(() => setLogSink(() => undefined));
  afterAll(() => setLogSink());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-locations-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));
  const writeNodes = async (nodes: unknown) => {
    await mkdir(join(dir, 'commongrid'), { recursive: true });
    await writeFile(join(dir, PRICING_NODES_FILE), JSON.stringify(nodes));
  };

  it('reads the file once: a later change is not seen', async () => {
    await writeNodes([node('One Hub', 'PJM', 'hub')]);
    const list = createLocationList(dir);
    expect(await list({})).toMatchObject({ ok: true, value: [{ name: 'One Hub' }] });
    await writeNodes([]);
    expect(await list({ market: 'pjm' })).toMatchObject({ ok: true, value: [{ name: 'One Hub' }] });
  });

  it('a missing file is internal with the file named, and is read again on the next call', async () => {
    const list = createLocationList(dir);
    const missing = await list({});
    expect(missing).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(!missing.ok && missing.error.message).toContain(`data/${PRICING_NODES_FILE}`);
    await writeNodes([node('Late Zone', 'SPP', 'zone')]);
    expect(await list({})).toMatchObject({ ok: true, value: [{ name: 'Late Zone', market_id: 'spp' }] });
  });

  it('the default limit is 500', async () => {
    await writeNodes(Array.from({ length: 600 }, (_, i) => node(`Hub ${String(i).padStart(3, '0')}`, 'PJM', 'hub')));
    const r = await createLocationList(dir)({});
    expect(r.ok && r.value.length).toBe(500);
    expect(r.ok && r.value.at(-1)?.name).toBe('Hub 499');
  });
});
