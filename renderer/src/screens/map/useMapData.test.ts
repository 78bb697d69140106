import { describe, expect, it } from 'vitest';
import { mapLoading } from './useMapData.js';

describe('what the map waits for before it reports idle', () => {
  it('waits for its features whatever the pricing locations do', () => {
    for (const index of [undefined, 'idle', 'building', 'ready', 'failed'] as const) {
      expect(mapLoading(true, false, index)).toBe(true);
      expect(mapLoading(true, true, index)).toBe(true);
    }
  });

  it('waits for the pricing locations, except while the location index builds', () => {
    expect(mapLoading(false, true, undefined)).toBe(true);
    expect(mapLoading(false, true, 'idle')).toBe(true);
    expect(mapLoading(false, true, 'ready')).toBe(true);
    expect(mapLoading(false, true, 'failed')).toBe(true);
    expect(mapLoading(false, true, 'building')).toBe(false);
    expect(mapLoading(false, false, 'building')).toBe(false);
    expect(mapLoading(false, false, undefined)).toBe(false);
  });
});
