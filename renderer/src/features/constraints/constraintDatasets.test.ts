import { describe, expect, it } from 'vitest';
import { constraintDatasets, datasetName, datasetOptionLabel, shortDatasetLabel } from './constraintDatasets.js';
import type { DatasetSource } from './constraintDatasets.js';

const RT = 'pjm_marginal_value_real_time_5_min';
const DA = 'pjm_marginal_value_day_ahead_hourly';
const TC = 'pjm_transmission_constraints_day_ahead_hourly';
const CATALOGUE = [
  { id: RT, name: 'PJM Marginal Value Real Time 5 Min' },
  { id: DA, name: 'PJM Marginal Value Day Ahead Hourly' },
  { id: TC, name: 'PJM Transmission Constraints Day Ahead Hourly' },
];
const SOURCE: DatasetSource = {
  constraints: [
    { market_id: 'pjm', available_datasets: [TC, DA] },
    { market_id: 'pjm', available_datasets: [RT, 'pjm_other_feed'] },
  ],
  datasetMetadata: {
    pjm: {
      da: [{ dataset_id: DA, shadow_price_column: 'shadow_price' }],
      rt: [{ dataset_id: RT, shadow_price_column: 'shadow_price' }],
    },
  },
};

describe('constraint datasets in words', () => {
  it('lists real-time, day-ahead, then the unpriced by name, with market and kind from the metadata', () => {
    const ds = constraintDatasets(SOURCE, CATALOGUE);
    expect(ds.map((d) => [d.id, d.kind, d.priced, d.market])).toEqual([
      [RT, 'rt', true, 'pjm'],
      [DA, 'da', true, 'pjm'],
      ['pjm_other_feed', null, false, 'pjm'], // "PJM other feed", read from its id, sorts before "PJM Transmission…"
      [TC, null, false, 'pjm'],
    ]);
  });

  it('names them shortly for cells and fully for selects and sentences', () => {
    const ds = constraintDatasets(SOURCE, CATALOGUE);
    // A dataset the catalogue does not name is read from its id, without its market.
    expect(ds.map(shortDatasetLabel)).toEqual(['Real-time', 'Day-ahead', 'other feed', 'DA constraints']);
    expect(ds.map(datasetOptionLabel)).toEqual([
      'Real-time — PJM Marginal Value Real Time 5 Min',
      'Day-ahead — PJM Marginal Value Day Ahead Hourly',
      'PJM other feed (no shadow prices)',
      'PJM Transmission Constraints Day Ahead Hourly (no shadow prices)',
    ]);
    expect(datasetName(ds, TC)).toBe('PJM Transmission Constraints Day Ahead Hourly');
    expect(datasetName(ds, 'pjm_unknown_feed')).toBe('PJM unknown feed');
  });

  it('says nothing about prices when the answer has no metadata, and reads names from ids without the catalogue', () => {
    const ds = constraintDatasets({ ...SOURCE, datasetMetadata: null }, undefined);
    expect(ds.map((d) => [d.id, d.name, d.priced])).toEqual([
      [DA, 'PJM marginal value day ahead hourly', null],
      [RT, 'PJM marginal value real time 5 min', null],
      ['pjm_other_feed', 'PJM other feed', null],
      [TC, 'PJM transmission constraints day ahead hourly', null],
    ]);
    expect(ds.map(shortDatasetLabel)).toEqual([
      'marginal value day ahead hourly',
      'marginal value real time 5 min',
      'other feed',
      'DA constraints',
    ]);
  });
});
