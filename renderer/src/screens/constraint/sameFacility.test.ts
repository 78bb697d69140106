import { describe, expect, it } from 'vitest';
import { constraint } from '../../test-support/constraintFixtures.js';
import { sameFacility, selfWords } from './SameFacility.js';

describe('the same facility in other datasets', () => {
  const rt = constraint({ gs_entity_id: 'rt', constraint_name: 'LAKENELS-MIDDLESE I-1023-3 B 230 KV', market_id: 'PJM' });
  const da = constraint({ gs_entity_id: 'da', constraint_name: 'LAKENELS230 KV LAK-MID', market_id: 'PJM' });
  const other = constraint({ gs_entity_id: 'x', constraint_name: 'LARRABEE230 KV LAR-SMID', market_id: 'PJM' });
  const elsewhere = constraint({ gs_entity_id: 'y', constraint_name: 'LAKENELS230 KV LAK-MID', market_id: 'MISO' });

  it('lists the other records of the market that name the facility, never the record itself', () => {
    expect(sameFacility(rt, [rt, da, other, elsewhere]).map((l) => [l.constraint.gs_entity_id, l.match])).toEqual([
      ['da', 'same_stations'],
    ]);
  });

  it('says one record used by two datasets is one record, so an empty list below does not contradict it', () => {
    expect(selfWords(['Real-time', 'Day-ahead', 'DA constraints'])).toBe(
      'This one record is used by 3 datasets: Real-time; Day-ahead; DA constraints.',
    );
    expect(selfWords(['Real-time 5-minute'])).toBe('This record is used by Real-time 5-minute only.');
    expect(selfWords([])).toBe('This record is in no dataset the app knows.');
  });
});
