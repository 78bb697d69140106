import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LOCATIONS } from '../../../shared/reference/pricingLocations.js';
import { pricingLocation } from './reference.js';

describe('the reference coordinates', () => {
  it('are the hubs and zones with coordinates of data/commongrid/pricing-nodes.json (scripts/reference-locations.mjs)', async () => {
    const nodes = JSON.parse(await readFile(new URL('../../../data/commongrid/pricing-nodes.json', import.meta.url), 'utf8')) as {
      name: string;
      iso: string;
      nodeType: string;
      latitude: unknown;
      longitude: unknown;
    }[];
    const expected = nodes
      .filter((n) => (n.nodeType === 'hub' || n.nodeType === 'zone') && typeof n.latitude === 'number')
      .map((n) => [n.iso.toLowerCase(), n.name, n.nodeType, n.latitude, n.longitude]);
    const key = (r: readonly unknown[]) => `${String(r[0])} ${String(r[1])}`;
    expect(new Map(REFERENCE_LOCATIONS.map((r) => [key(r), r]))).toEqual(new Map(expected.map((r) => [key(r), r])));
    expect(REFERENCE_LOCATIONS).toHaveLength(83);
  });

  it('are joined by market and name, case and spacing aside; an unknown name has no type or coordinates', () => {
    expect(pricingLocation('x', { name: '  pjm   WESTERN hub ', market: 'PJM' })).toEqual({
      gs_entity_id: 'x',
      name: '  pjm   WESTERN hub ',
      market_id: 'PJM',
      location_type: 'hub',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(pricingLocation('y', { name: 'Maine Load Zone', market: 'iso-ne' })).toMatchObject({ location_type: 'zone' });
    // The same name in another market is another place.
    expect(pricingLocation('z', { name: 'PJM Western Hub', market: 'miso' })).toEqual({
      gs_entity_id: 'z',
      name: 'PJM Western Hub',
      market_id: 'miso',
      location_type: null,
      latitude: null,
      longitude: null,
    });
  });
});
