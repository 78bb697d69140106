import { describe, expect, it, vi } from 'vitest';
import { outageFeatures, outageMidpoints } from './features.js';
import { basemapLayerIds } from './basemapStyle.js';
import { CLUSTER_UNTIL_ZOOM, LAYERS, TIME_FILTERED_LAYERS } from './layers.js';
import { applyDensity, applyOverlapHighlight, applyTimeFilter, applyVisibility, clusterPoints } from './mapControl.js';
import type { MapLike } from './mapControl.js';
import { ticket } from '../../test-support/mapFixtures.js';

function fakeMap(): MapLike & { calls: Record<string, unknown[][]> } {
  const calls: Record<string, unknown[][]> = {
    setFilter: [],
    setLayoutProperty: [],
    setLayerZoomRange: [],
    setPaintProperty: [],
  };
  const record = (name: string) => vi.fn((...args: unknown[]) => void calls[name]!.push(args)) as never;
  return {
    calls,
    getLayer: (() => ({})) as never,
    setFilter: record('setFilter'),
    setLayoutProperty: record('setLayoutProperty'),
    setLayerZoomRange: record('setLayerZoomRange'),
    setPaintProperty: record('setPaintProperty'),
  };
}

const H = 3_600_000;
const T0 = Date.parse('2024-09-02T00:00:00Z');

describe('applyTimeFilter', () => {
  it('sets one overlap filter on the binding and outage layers together', () => {
    const map = fakeMap();
    applyTimeFilter(map, { start: T0, end: T0 + H });
    expect(map.calls.setFilter!.map((c) => c[0])).toEqual([...TIME_FILTERED_LAYERS]);
    expect(new Set(map.calls.setFilter!.map((c) => JSON.stringify(c[1])))).toEqual(
      new Set([JSON.stringify(['all', ['<', ['get', 'start_ms'], T0 + H], ['<', T0, ['get', 'end_ms']]])]),
    );
    expect(TIME_FILTERED_LAYERS).toEqual([LAYERS.binding, LAYERS.bindingPoints, LAYERS.outages, LAYERS.outagePoints]);
  });

  it('"All times" clears the filters', () => {
    const map = fakeMap();
    applyTimeFilter(map, null);
    expect(map.calls.setFilter!.every((c) => c[1] === null)).toBe(true);
  });
});

describe('clusters', () => {
  it('cluster points are the midpoints whose ticket overlaps the window', () => {
    const mids = outageMidpoints(
      outageFeatures([
        ticket(),
        ticket({
          ticket: 2,
          current_interval_start_utc: '2024-09-02T12:00:00Z',
          current_interval_end_utc: '2024-09-03T00:00:00Z',
        }),
      ]),
    );
    expect(clusterPoints(mids, { start: T0 + 11 * H, end: T0 + 12 * H }).features.map((f) => f.properties.ticket)).toEqual([
      9000001,
    ]);
    expect(clusterPoints(mids, { start: T0 + 12 * H, end: T0 + 13 * H }).features.map((f) => f.properties.ticket)).toEqual([2]);
    expect(clusterPoints(mids, null)).toBe(mids);
  });

  it('dense: equipment layers start at the cluster zoom; sparse: at every zoom', () => {
    const map = fakeMap();
    applyDensity(map, true);
    applyDensity(map, false);
    const ranges = map.calls.setLayerZoomRange!;
    expect(ranges.filter((c) => c[0] === LAYERS.outages).map((c) => c[1])).toEqual([CLUSTER_UNTIL_ZOOM, 0]);
  });
});

describe('visibility and highlights', () => {
  it('a toggle hides all of its layers', () => {
    const map = fakeMap();
    applyVisibility(map, { states: true, iso: false, locations: true, binding: true, outages: false });
    const hidden = map.calls.setLayoutProperty!.filter((c) => c[2] === 'none').map((c) => c[0]);
    for (const id of [...basemapLayerIds('iso'), ...basemapLayerIds('isoOutline')]) expect(hidden).toContain(id);
    expect(hidden).not.toContain(basemapLayerIds('states')[1]);
    expect(hidden).toContain(LAYERS.outageClusters);
    expect(hidden).not.toContain(LAYERS.binding);
  });

  it('haloes the overlapped constraints by id', () => {
    const map = fakeMap();
    applyOverlapHighlight(map, ['a', 'b']);
    expect(map.calls.setFilter![0]).toEqual([
      LAYERS.overlapHalo,
      ['in', ['get', 'constraint_gs_entity_id'], ['literal', ['a', 'b']]],
    ]);
  });
});
