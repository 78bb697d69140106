import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { marketTimeOf } from '../../features/time/marketTime.js';
import { readBindingFields } from './bindingForm.js';
import { DEFAULT_BINDING_LIMIT, bindingSearch, readBindingRoute } from './route.js';

describe('binding address', () => {
  it('round-trips the choices, the pull and the table view', () => {
    const route = {
      choice: { ...DEFAULT_GRID_CHOICE, datasetId: 'pjm_marginal_value_day_ahead_hourly' },
      threshold: 12.5,
      limit: 500,
      pullId: 7,
      view: { sort: [{ column: 'shadow_price', desc: true }], filters: [] },
    };
    expect(readBindingRoute(bindingSearch(route))).toEqual(route);
  });

  it('falls back to defaults for bad values and leaves defaults out', () => {
    const route = readBindingRoute('threshold=-3&limit=0&pull=x&view=%7B');
    expect(route).toEqual({
      choice: DEFAULT_GRID_CHOICE,
      threshold: null,
      limit: DEFAULT_BINDING_LIMIT,
      pullId: null,
      view: null,
    });
    expect(bindingSearch(route)).not.toMatch(/threshold|limit|pull|view/);
  });
});

describe('binding form', () => {
  const fields = {
    datasetId: 'pjm_marginal_value_real_time_5_min',
    start: '2024-09-02',
    end: '2024-09-03 06:00',
    threshold: '',
    limit: '1,000',
  };

  it('reads the window in market time, a blank threshold as none and a limit with separators', () => {
    expect(readBindingFields(fields, 'pjm', marketTimeOf('pjm', 'market'))).toEqual({
      request: {
        choice: { datasetId: fields.datasetId, market: 'pjm', start: '2024-09-02T04:00:00Z', end: '2024-09-03T10:00:00Z' },
        threshold: null,
        limit: 1000,
      },
    });
  });

  it('reads the window in UTC when the user chose UTC', () => {
    expect(readBindingFields(fields, 'pjm', marketTimeOf('pjm', 'utc'))).toMatchObject({
      request: { choice: { start: '2024-09-02T00:00:00Z', end: '2024-09-03T06:00:00Z' } },
    });
  });

  it('says what is wrong with each field', () => {
    const time = marketTimeOf('pjm', 'market');
    expect(readBindingFields({ ...fields, start: 'yesterday', threshold: 'ten', limit: '2.5' }, 'pjm', time)).toEqual({
      problems: {
        start: expect.stringMatching(/^Not a date or date-time/),
        threshold: 'A number of $/MWh, e.g. 50; leave it blank for every binding row.',
        limit: 'A whole number of rows from 1 to 100,000.',
      },
    });
  });
});
