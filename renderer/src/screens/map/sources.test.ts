import { describe, expect, it } from 'vitest';
import { BINDING_SYNTHETIC, layerSources, outageSyntheticText } from './sources.js';
import { windowInZone } from './timeText.js';
import { namesAny } from './useMapData.js';

describe('layer sources', () => {
  it('badges the layers built from synthetic values; the real ones name their source', () => {
    const s = layerSources({ bindingSynthetic: true, syntheticTickets: 35, tickets: 36, stationsSynthetic: true });
    expect(s.binding.synthetic).toBe(BINDING_SYNTHETIC);
    expect(s.outages.synthetic).toMatch(/^35 of 36 tickets are synthetic/);
    expect(s.iso).toEqual({ source: 'CommonGrid (ODbL)', synthetic: null });
    const real = layerSources({ bindingSynthetic: false, syntheticTickets: 0, tickets: 3, stationsSynthetic: false });
    expect(real.binding.synthetic).toBeNull();
    expect(real.outages.synthetic).toBeNull();
    expect(outageSyntheticText(0, 1, true)).toMatch(/^Real PJM eDART tickets drawn at synthetic station coordinates/);
  });

  it('reads the x-gridscope-synthetic fields however they are split', () => {
    expect(namesAny(['start', 'end'], 'start')).toBe(true);
    expect(namesAny(['tickets with is_synthetic=true', 'from_substation', 'to_substation'], 'from_substation')).toBe(true);
    expect(namesAny(['tickets with is_synthetic=true, from_substation, to_substation'], 'to_substation')).toBe(true);
    expect(namesAny(['estimated_shift_factor'], 'start', 'end')).toBe(false);
    expect(namesAny(undefined, 'start')).toBe(false);
  });
});

describe('the shown window in words', () => {
  const w = { start: Date.parse('2024-09-02T11:00:00Z'), end: Date.parse('2024-09-02T12:00:00Z') };
  it('in market time and in UTC, the one date format', () => {
    expect(windowInZone(w, 'UTC')).toBe('2024-09-02 11:00 → 12:00 UTC');
    expect(windowInZone(w, 'US/Eastern')).toBe('2024-09-02 07:00 → 08:00 EDT');
  });

  it('writes the end date when the window crosses midnight, and both zones when the zone changes', () => {
    const day = { start: Date.parse('2024-09-02T04:00:00Z'), end: Date.parse('2024-09-03T04:00:00Z') };
    expect(windowInZone(day, 'US/Eastern')).toBe('2024-09-02 00:00 → 2024-09-03 00:00 EDT');
    const fallBack = { start: Date.parse('2023-11-05T04:00:00Z'), end: Date.parse('2023-11-06T05:00:00Z') };
    expect(windowInZone(fallBack, 'US/Eastern')).toBe('2023-11-05 00:00 EDT → 2023-11-06 00:00 EST');
  });
});
