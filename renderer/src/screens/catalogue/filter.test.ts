import { describe, expect, it } from 'vitest';
import { SAMPLE_NOTE } from '../../../../shared/catalogue.js';
import { SAMPLE_DATASETS, makeDataset } from '../../test-support/fakeApi.js';
import { descriptionSearchText, filterDatasets, markdownToPlainText, searchDatasets, sourceOptions } from './filter.js';

const NOTE = SAMPLE_NOTE;
const GS = 'copied from a test fixture of [gridstatus/gridstatus](https://github.com/gridstatus/gridstatus) (BSD-3-Clause)';
const PYISO = 'a verbatim NYISO MIS file copied from a test fixture of [WattTime/pyiso](https://github.com/WattTime/pyiso)';

const CATALOGUE = [
  makeDataset({
    id: 'isone_fuel_mix',
    name: 'ISO-NE Fuel Mix',
    source: 'isone',
    description: `Generation by fuel category (MW). \`marginal_flag\` is \`Y\` when that fuel was on the margin.\n\nSource: ISO-NE web services \`genfuelmix\`, ${GS}.\n\n${NOTE}`,
  }),
  makeDataset({
    id: 'nyiso_lmp_real_time_5_min',
    name: 'NYISO LMP Real Time 5 Min',
    source: 'nyiso',
    description: `Real-time zonal locational based marginal prices ($/MWh).\n\nSource: NYISO MIS real-time zonal LBMP, ${PYISO}.\n\n${NOTE}`,
  }),
  makeDataset({
    id: 'nyiso_load',
    name: 'NYISO Load',
    source: 'nyiso',
    description: `Real-time actual load (MW) of the 11 NYISO load zones.\n\nSource: NYISO MIS \`pal\` file, ${PYISO}.\n\n${NOTE}`,
  }),
  makeDataset({
    id: 'pjm_marginal_value_day_ahead_hourly',
    name: 'PJM Marginal Value Day Ahead Hourly',
    description: `Binding day-ahead transmission constraints and their shadow prices ($/MWh).\n\nSource: PJM Data Miner 2 feed \`da_marginal_value\`, ${GS}.\n\n${NOTE}`,
  }),
  makeDataset({
    id: 'pjm_marginal_value_real_time_5_min',
    name: 'PJM Marginal Value Real Time 5 Min',
    description: `Binding real-time (5-minute) transmission constraints.\n\nSource: PJM Data Miner 2 feed \`rt_marginal_value\`, ${GS}.\n\n${NOTE}`,
  }),
];

const ids = (query: string, source = '') => filterDatasets(CATALOGUE, { query, source }).map((d) => d.id);

describe('catalogue search ranking', () => {
  it('lists id and name matches before description-only matches', () => {
    expect(ids('marginal')).toEqual([
      'pjm_marginal_value_day_ahead_hourly',
      'pjm_marginal_value_real_time_5_min',
      'isone_fuel_mix', // `marginal_flag`
      'nyiso_lmp_real_time_5_min', // "locational based marginal prices"
    ]);
    expect(searchDatasets(CATALOGUE, { query: 'marginal', source: '' }).map((r) => r.rank)).toEqual([0, 0, 1, 1]);
  });

  it('keeps the input order within a rank', () => {
    const reversed = [...CATALOGUE].reverse();
    expect(filterDatasets(reversed, { query: 'marginal', source: '' }).map((d) => d.id)).toEqual([
      'pjm_marginal_value_real_time_5_min',
      'pjm_marginal_value_day_ahead_hourly',
      'nyiso_lmp_real_time_5_min',
      'isone_fuel_mix',
    ]);
    expect(searchDatasets(reversed, { query: ' ', source: '' }).map((r) => [r.dataset.id, r.rank])).toEqual(
      reversed.map((d) => [d.id, 0]),
    );
  });

  it('ranks by how many terms are found only in the description', () => {
    const ranked = searchDatasets(CATALOGUE, { query: 'nyiso lmp', source: '' });
    expect(ranked.map((r) => [r.dataset.id, r.rank])).toEqual([['nyiso_lmp_real_time_5_min', 0]]);
    expect(searchDatasets(CATALOGUE, { query: 'nyiso prices', source: '' }).map((r) => [r.dataset.id, r.rank])).toEqual([
      ['nyiso_lmp_real_time_5_min', 1],
    ]);
    expect(searchDatasets(CATALOGUE, { query: 'shadow binding', source: '' }).map((r) => r.rank)).toEqual([2]);
    expect(ids('real time')).toEqual([
      'nyiso_lmp_real_time_5_min',
      'pjm_marginal_value_real_time_5_min',
      'nyiso_load', // "Real-time actual load": both terms in the description only
    ]);
  });

  it('does not search the shared sample note or link URLs', () => {
    expect(ids('sample')).toEqual([]);
    expect(ids('offline')).toEqual([]);
    expect(ids('sources.md')).toEqual([]);
    expect(ids('github.com')).toEqual([]);
    expect(ids('https')).toEqual([]);
    expect(ids('gridstatus')).toEqual([
      'isone_fuel_mix',
      'pjm_marginal_value_day_ahead_hourly',
      'pjm_marginal_value_real_time_5_min',
    ]);
    expect(ids('pyiso')).toEqual(['nyiso_lmp_real_time_5_min', 'nyiso_load']);
    expect(ids('marginal_flag')).toEqual(['isone_fuel_mix']);
    expect(ids('feed da_marginal')).toEqual(['pjm_marginal_value_day_ahead_hourly']);
  });

  it('still filters by market first', () => {
    expect(ids('marginal', 'nyiso')).toEqual(['nyiso_lmp_real_time_5_min']);
    expect(ids('marginal', 'PJM')).toEqual(['pjm_marginal_value_day_ahead_hourly', 'pjm_marginal_value_real_time_5_min']);
  });
});

describe('descriptionSearchText', () => {
  it('is the rendered text without the note paragraph, lower-cased', () => {
    expect(descriptionSearchText(CATALOGUE[3]!.description)).toBe(
      'binding day-ahead transmission constraints and their shadow prices ($/mwh).\n' +
        'source: pjm data miner 2 feed da_marginal_value, copied from a test fixture of gridstatus/gridstatus (bsd-3-clause).',
    );
    expect(descriptionSearchText(null)).toBe('');
    expect(descriptionSearchText(NOTE)).toBe('');
  });

  it('keeps a paragraph that only mentions the note further in', () => {
    expect(descriptionSearchText('Unlike the others, Gridscope embeds this as a small real sample too.')).toContain('unlike');
    expect(descriptionSearchText(`${NOTE} Also this.`)).toContain('also this');
  });
});

describe('markdownToPlainText', () => {
  it('keeps link and code text and drops URLs, images, HTML and Markdown punctuation', () => {
    expect(markdownToPlainText('See [the feed](https://example.com/a_b "Feed") and <https://example.com/x>.')).toBe(
      'See the feed and .',
    );
    expect(markdownToPlainText('Bare https://example.com/path?q=1, then www.example.org.')).toBe('Bare , then .');
    expect(markdownToPlainText('![logo](https://example.com/logo.png)Text')).toBe('Text');
    expect(markdownToPlainText('[ref link][1]\n[1]: https://example.com/ref')).toBe('ref link\n');
    expect(markdownToPlainText('## Heading\n- item **bold** and _emph_ `code_name`\n> quote <b>tag</b>')).toBe(
      'Heading\nitem bold and emph code_name\nquote tag',
    );
    expect(markdownToPlainText('snake_case_name and __strong__ and 2 \\* 3')).toBe('snake_case_name and strong and 2 * 3');
  });
});

describe('catalogue filter', () => {
  it('matches all terms across id, name, description and the market', () => {
    expect(filterDatasets(SAMPLE_DATASETS, { query: 'marginal hourly', source: '' }).map((d) => d.id)).toEqual([
      'pjm_marginal_value_day_ahead_hourly',
    ]);
    expect(filterDatasets(SAMPLE_DATASETS, { query: '', source: 'isone' })).toHaveLength(1);
    expect(sourceOptions(SAMPLE_DATASETS)).toEqual(['ISONE', 'NYISO', 'PJM']);
  });
});
