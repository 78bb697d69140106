import { describe, expect, it } from 'vitest';
import { facilityMatch, normalisedName } from './facilityMatch.js';

// Real-time and day-ahead names of the embedded PJM samples (data/gridstatus-pjm-constraints).

describe('RT/DA name matching', () => {
  it('links names equal once case, spacing and punctuation are ignored', () => {
    expect(normalisedName('Prest Tibb 138kV l/o Prairie State-MtVernon 345kV')).toBe(
      normalisedName('Prest Tibb 138 kV l/o Prairie State Mt Vernon 345 kV'),
    );
    expect(
      facilityMatch(
        'Turkey Hill - Hilgard 138 kV l/o Prairie State - Mt Vernon 345 kV',
        'Turkey Hill-Hilgard 138 kV l/o Prairie State-Mt Vernon 345 kV',
      ),
    ).toBe('same_name');
  });

  it.each([
    ['LAKENELS-MIDDLESE I-1023-3 B 230 KV', 'LAKENELS230 KV LAK-MID'],
    ['GRACETON-SAFEHARB 2303 A 230 KV', 'GRACETON230 KV GRA-SAF'],
    ['QUARRY-STEELCITY 230 KV 2 B 230 KV', 'QUARRY 230 KV QUA-STE2'],
    ['PLEASNTV-ASHBURN 274D A 230 KV', 'PLEASNTV-ASHBURN 274D'],
    ['NOTTINGHM 2-3 SER DEV A 230 KV', 'NOTTINGH230 KV 2-3'],
    ['DUMONT2-STILLWEL TIE A 345 KV', 'Stillwell-Dumont 345 l/o Wilton Center-Dumont 765'],
  ])('links %s (real time) with %s (day-ahead) by stations and voltage', (rt, da) => {
    expect(facilityMatch(rt, da)).toBe('same_stations');
    expect(facilityMatch(da, rt)).toBe('same_stations');
  });

  it.each([
    // Other transformers at one station.
    ['12 DRESDEN 45TR83 CT H 345 KV', '12 DRESDEN 45TR81 CT H 345 KV'],
    // Other circuits between the same stations.
    ['DUNEACRE-MICHIGA2 13839 A 138 KV', 'Duneacre - Michigan City 13843 138 kv l/o Wilton Center - Dumont 765 kv'],
    // Another voltage at the same station.
    ['POSSUMP4230 KV 2078Z', 'POSSUMP4500 KV TX1'],
    // Other facilities altogether.
    ['LAKENELS-MIDDLESE I-1023-3 B 230 KV', 'LARRABEE230 KV LAR-SMID'],
    ['CHESWICK138 KV CHE-LF53', 'CHESWICK138 KV CHE-SPR'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(facilityMatch(a, b)).toBeNull();
  });

  it.each([
    // The documented misses: a day-ahead code that is not an abbreviation of the real-time station names.
    ['LARRABEE-SMITHBUR H2008 A 230 KV', 'LARRABEE230 KV LAR-SMID'],
    ['CRETSTJO-STJOHNS 94507 B 345 KV', 'Crete-St Johns 345 kV'],
  ])('misses %s and %s (docs/constraints.md)', (a, b) => {
    expect(facilityMatch(a, b)).toBeNull();
  });
});
