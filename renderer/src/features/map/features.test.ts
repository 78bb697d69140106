import { describe, expect, it } from 'vitest';
import { equipmentRow, mapFeaturesAnswer, runRow } from '../../test-support/mapFeatures.js';
import { boundsOf, halosBounds, rowsBounds, segment } from './features.js';
import { decodeMapFeatures } from './mapColumns.js';
import { mapRows } from './mapRows.js';

// Runs are merged from the observations in main (electron/services/map/sql.test.ts); here, the geometry helpers.
const A = { latitude: 41.39, longitude: -88.27, name: 'DRESD' };
const B = { latitude: 40.1, longitude: -84, name: 'KEND' };

describe('segment', () => {
  it('a line between two places, a point for one place or one known end', () => {
    expect(segment(A, B)).toEqual({
      type: 'LineString',
      coordinates: [
        [-88.27, 41.39],
        [-84, 40.1],
      ],
    });
    expect(segment(A, { ...A, name: 'X' })).toEqual({ type: 'Point', coordinates: [-88.27, 41.39] });
    expect(segment(null, B)).toEqual({ type: 'Point', coordinates: [-84, 40.1] });
  });

  it('null without either end', () => expect(segment(null, null)).toBeNull());
});

describe('bounds', () => {
  it('around GeoJSON, rows (both ends, unplaced skipped) and haloes; null when empty', () => {
    const line = segment(A, B)!;
    expect(boundsOf({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: line, properties: {} }] })).toEqual([
      [-88.27, 40.1],
      [-84, 41.39],
    ]);
    expect(boundsOf({ type: 'FeatureCollection', features: [] })).toBeNull();
    const rows = mapRows(
      decodeMapFeatures(
        mapFeaturesAnswer(
          [runRow()],
          [equipmentRow(), equipmentRow({ from_lon: null, from_lat: null, to_lon: null, to_lat: null })],
        ),
      ),
    );
    const b = rowsBounds(rows)!;
    expect(b[0][0]).toBeCloseTo(-88.27, 4);
    expect(b[1][0]).toBeCloseTo(-80.5, 4);
    expect(b[1][1]).toBeCloseTo(41.39, 4);
    expect(halosBounds([{ from: [-80, 40], to: [-79, 41] }])).toEqual([
      [-80, 40],
      [-79, 41],
    ]);
    expect(halosBounds([])).toBeNull();
  });
});
