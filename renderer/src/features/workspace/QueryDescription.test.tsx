// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { PullQuery } from '../../../../shared/bridge/contract.js';
import { describeQuery } from './describeQuery.js';
import { QueryDescription } from './QueryDescription.js';

afterEach(cleanup);

const shown = (query: PullQuery) => {
  const { container } = render(<QueryDescription query={query} />);
  return { text: container.textContent, kept: [...container.querySelectorAll('.nowrap')].map((s) => s.textContent) };
};

describe('QueryDescription', () => {
  it('says what describeQuery says, with Start and End each kept on one line', () => {
    const query: PullQuery = {
      datasetId: 'pjm_lmp_real_time_5_min',
      startTime: '2024-03-10 05:00',
      endTime: '2024-03-11T05:00:00Z',
      timezone: 'market',
      filter: { column: 'location', operator: 'in', value: 'WEST,EAST' },
      columns: ['interval_start_utc', 'lmp'],
      resampleFrequency: '1 hour',
      order: 'desc',
      limit: 1000,
    };
    expect(shown(query)).toEqual({
      text: describeQuery(query),
      kept: ['2024-03-10 05:00', '2024-03-11T05:00:00Z'],
    });
    expect(describeQuery(query)).toBe(
      '2024-03-10 05:00 → 2024-03-11T05:00:00Z (market time) · filter location in WEST,EAST · 2 columns · 1 hour mean · newest first · limit 1,000',
    );
  });

  it('an open end reads "latest"; no window reads "all times"', () => {
    const open: PullQuery = { datasetId: 'x', startTime: '2024-03-10', order: 'asc' };
    expect(shown(open)).toEqual({ text: '2024-03-10 → latest (UTC)', kept: ['2024-03-10', 'latest'] });
    cleanup();
    expect(shown({ datasetId: 'x', order: 'asc' })).toEqual({ text: 'all times (UTC)', kept: [] });
  });
});
