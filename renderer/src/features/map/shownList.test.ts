import { describe, expect, it } from 'vitest';
import { equipmentRow, mapFeaturesAnswer, runRow } from '../../test-support/mapFeatures.js';
import { filterRange } from './gpuFilter.js';
import { decodeMapFeatures } from './mapColumns.js';
import { mapRows } from './mapRows.js';
import { equipmentText, shownFeatures } from './shownList.js';

const O = Date.parse('2024-09-02T00:00:00Z');
const M = 60_000;
const rows = mapRows(
  decodeMapFeatures(
    mapFeaturesAnswer(
      [
        runRow({ constraint_gs_entity_id: 'c-low', constraint_name: 'LOW', peak_abs_shadow_price: 5 }),
        runRow({ constraint_gs_entity_id: 'c-1', peak_abs_shadow_price: 20 }),
        runRow({ constraint_gs_entity_id: 'c-1', start_min: 258, end_min: 262, peak_abs_shadow_price: 45.27 }),
        // Binding outside the window below: not listed.
        runRow({
          constraint_gs_entity_id: 'c-late',
          constraint_name: 'LATE',
          start_min: 600,
          end_min: 605,
          peak_abs_shadow_price: 900,
        }),
        // No coordinate: not drawn, so not listed.
        runRow({ constraint_gs_entity_id: 'c-nowhere', start_lon: null, start_lat: null, end_lon: null, end_lat: null }),
      ],
      [
        equipmentRow({ ticket: 9000002 }),
        equipmentRow({ ticket: 9000001, start_min: 200, end_min: 300 }),
        equipmentRow({ ticket: 9000001, equipment_name: 'D43', start_min: 100, end_min: 400 }),
        equipmentRow({ ticket: 9000003, start_min: 700, end_min: 720 }),
      ],
      { originMs: O },
    ),
  ),
);
const window = filterRange({ start: O + 240 * M, end: O + 300 * M }, O);
const all = new Uint8Array(rows.equipment.count).fill(1);
const both = { binding: true, outages: true };

describe('shownFeatures: what the keyboard list holds', () => {
  it('lists the shown constraints by peak |shadow price|, then the shown tickets by number, one entry each', () => {
    const list = shownFeatures(rows, all, window, both);
    expect(list.map((f) => (f.kind === 'constraint' ? f.id : f.ticket))).toEqual(['c-1', 'c-low', 9000001, 9000002]);
    // A constraint is represented by its highest shown run; a ticket spans its shown equipment.
    expect(list[0]).toMatchObject({ kind: 'constraint', name: 'DRESD-935 KEND 345 KV', row: 2, peak: expect.closeTo(45.27, 4) });
    expect(list[2]).toMatchObject({ kind: 'outage', ticket: 9000001, equipment: 2, start: 100, end: 400 });
  });

  it('follows the outage filters and the layer toggles as the map does', () => {
    const filtered = Uint8Array.of(1, 0, 0, 1);
    expect(shownFeatures(rows, filtered, window, both).map((f) => (f.kind === 'outage' ? f.ticket : f.kind))).toEqual([
      'constraint',
      'constraint',
      9000002,
    ]);
    expect(shownFeatures(rows, all, window, { binding: false, outages: true }).every((f) => f.kind === 'outage')).toBe(true);
    expect(shownFeatures(rows, all, window, { binding: true, outages: false }).every((f) => f.kind === 'constraint')).toBe(true);
    // All times: the late run and ticket too.
    expect(shownFeatures(rows, all, filterRange(null, O), both)).toHaveLength(6);
  });

  it('names equipment in words with its voltage', () => {
    expect(equipmentText(rows, 0)).toBe('LINE D42 345 kV');
  });
});
