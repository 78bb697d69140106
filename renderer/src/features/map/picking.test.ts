import { describe, expect, it } from 'vitest';
import { pickFrom } from './picking.js';

const f = (layer: string, properties: Record<string, unknown>) => ({ layer: { id: layer }, properties });

describe('pickFrom', () => {
  it('prefers a constraint over the outage drawn on top of it', () => {
    expect(pickFrom([f('outage-equipment', { ticket: 7 }), f('binding-constraints', { constraint_gs_entity_id: 'c' })])).toEqual({
      kind: 'constraint',
      id: 'c',
    });
  });

  it('reads outages, clusters and locations; ignores other layers', () => {
    expect(pickFrom([f('outage-points', { ticket: 7 })])).toEqual({ kind: 'outage', ticket: 7 });
    expect(pickFrom([f('outage-clusters', { cluster_id: 3, point_count: 9 })])).toEqual({ kind: 'cluster', clusterId: 3 });
    expect(pickFrom([f('outage-clusters', { ticket: 8 })])).toEqual({ kind: 'outage', ticket: 8 });
    expect(pickFrom([f('pricing-locations', { name: 'WESTERN HUB', location_type: 'hub', market_id: 'pjm' })])).toMatchObject({
      kind: 'location',
      name: 'WESTERN HUB',
    });
    expect(pickFrom([f('basemap-land', {})])).toBeNull();
    expect(pickFrom([])).toBeNull();
  });
});
