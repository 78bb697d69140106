import { describe, expect, it } from 'vitest';
import { equipmentRow, mapFeaturesAnswer, runRow } from '../../test-support/mapFeatures.js';
import { LAYERS } from './deckLayers.js';
import { decodeMapFeatures } from './mapColumns.js';
import { mapRows } from './mapRows.js';
import { pickOf, picksOf } from './picking.js';

const rows = mapRows(
  decodeMapFeatures(mapFeaturesAnswer([runRow(), runRow({ start_min: 700 })], [equipmentRow(), equipmentRow()])),
);
const info = (id: string, object: unknown) => ({ layer: { id }, object });

describe('picks', () => {
  it('reads constraints, outages, locations and cells of outage counts; ignores other layers', () => {
    expect(pickOf(info(LAYERS.binding, 1), rows)).toEqual({
      kind: 'constraint',
      id: 'c-1',
      name: 'DRESD-935 KEND 345 KV',
      row: 1,
    });
    expect(pickOf(info(LAYERS.outagePoints, 0), rows)).toEqual({ kind: 'outage', ticket: 9000001, row: 0 });
    // As deck.gl answers for typed-array data: no object, the index into the layer's rows.
    const layer = { id: LAYERS.binding, props: { data: Int32Array.of(1, 0) } };
    expect(pickOf({ layer, index: 0 }, rows)).toMatchObject({ kind: 'constraint', row: 1 });
    expect(pickOf(info(LAYERS.locations, { name: 'WESTERN HUB', location_type: 'hub', market_id: 'pjm' }), rows)).toMatchObject({
      kind: 'location',
      name: 'WESTERN HUB',
    });
    expect(pickOf(info(LAYERS.outageDensity, { count: 9 }), rows)).toEqual({ kind: 'cell', count: 9 });
    expect(pickOf(info(LAYERS.outageDensity, { count: 0 }), rows)).toBeNull();
    expect(pickOf(info(LAYERS.places, { name: 'Chicago' }), rows)).toBeNull();
  });

  it('stacked features: each thing once, topmost (the outage above the line) first', () => {
    const picks = picksOf(
      [
        info(LAYERS.outages, 0),
        info(LAYERS.outages, 1),
        info(LAYERS.binding, 0),
        info(LAYERS.binding, 1),
        info(LAYERS.bindingHalo, 0),
      ],
      rows,
    );
    expect(picks.map((p) => p.kind)).toEqual(['outage', 'constraint']);
  });
});
