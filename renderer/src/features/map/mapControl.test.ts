import { describe, expect, it, vi } from 'vitest';
import { basemapLayerIds } from './basemapStyle.js';
import { ALL_VISIBLE } from './layers.js';
import { applyMarket, applyVisibility } from './mapControl.js';
import type { MapLike } from './mapControl.js';

function fakeMap(present = (_id: string) => true): MapLike & { calls: Record<string, unknown[][]> } {
  const calls: Record<string, unknown[][]> = { setLayoutProperty: [], setPaintProperty: [] };
  const record = (name: string) => vi.fn((...args: unknown[]) => void calls[name]!.push(args)) as never;
  return {
    calls,
    getLayer: ((id: string) => (present(id) ? {} : undefined)) as never,
    setLayoutProperty: record('setLayoutProperty'),
    setPaintProperty: record('setPaintProperty'),
  };
}

describe('the basemap toggles', () => {
  it('a toggle hides all of its basemap layers and no other', () => {
    const map = fakeMap();
    applyVisibility(map, { ...ALL_VISIBLE, iso: false, outages: false });
    const hidden = map.calls.setLayoutProperty!.filter((c) => c[2] === 'none').map((c) => c[0]);
    expect(hidden.sort()).toEqual([...basemapLayerIds('iso'), ...basemapLayerIds('isoOutline')].sort());
  });

  it('skips layers the style does not have; emphasises the market footprint', () => {
    const map = fakeMap((id) => !id.endsWith('-na'));
    applyVisibility(map, { ...ALL_VISIBLE, states: false });
    expect(map.calls.setLayoutProperty!.map((c) => c[0])).not.toContain(basemapLayerIds('states')[1]);
    applyMarket(map, 'pjm');
    expect(map.calls.setPaintProperty!.map((c) => c[1])).toEqual(['fill-opacity']);
  });
});
