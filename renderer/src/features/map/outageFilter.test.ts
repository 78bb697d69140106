import { describe, expect, it } from 'vitest';
import { equipmentRow, mapFeaturesAnswer } from '../../test-support/mapFeatures.js';
import { decodeMapFeatures } from './mapColumns.js';
import { mapRows } from './mapRows.js';
import { NO_OUTAGE_FILTER, includedEquipment, voltageClassOf } from './outageFilter.js';

const rows = mapRows(
  decodeMapFeatures(
    mapFeaturesAnswer(
      [],
      [
        equipmentRow(),
        equipmentRow({ ticket: 2, status: 'Submitted', voltage: 138, zone: 'PECO', equipment_type: 'XFMR' }),
        equipmentRow({ ticket: 3, outage_type: 'Daily', voltage: 765 }),
      ],
    ),
  ),
).equipment;

describe('outage filters', () => {
  it('voltage classes by lower bound', () => {
    expect([69, 100, 138, 230, 345, 499, 500, 765].map(voltageClassOf)).toEqual([
      'Below 100 kV',
      '100–199 kV',
      '100–199 kV',
      '200–299 kV',
      '300–499 kV',
      '300–499 kV',
      '500 kV and above',
      '500 kV and above',
    ]);
  });

  it('keeps the rows matching every chosen dimension; a value no row has keeps none', () => {
    expect([...includedEquipment(rows, NO_OUTAGE_FILTER)]).toEqual([1, 1, 1]);
    expect([...includedEquipment(rows, { ...NO_OUTAGE_FILTER, status: 'Active' })]).toEqual([1, 0, 1]);
    expect([...includedEquipment(rows, { ...NO_OUTAGE_FILTER, status: 'Active', outageType: 'Daily' })]).toEqual([0, 0, 1]);
    expect([...includedEquipment(rows, { ...NO_OUTAGE_FILTER, voltageClass: '100–199 kV' })]).toEqual([0, 1, 0]);
    expect([...includedEquipment(rows, { ...NO_OUTAGE_FILTER, zone: 'PECO', equipmentType: 'XFMR' })]).toEqual([0, 1, 0]);
    expect([...includedEquipment(rows, { ...NO_OUTAGE_FILTER, zone: 'NOWHERE' })]).toEqual([0, 0, 0]);
  });
});
