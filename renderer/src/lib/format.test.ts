import { describe, expect, it } from 'vitest';
import { formatCount, formatUtc, formatWindow, isSynthetic } from './format.js';
import { hrefs, parseHash } from './router.js';

describe('format', () => {
  it('formats instants as YYYY-MM-DD HH:mm UTC', () => {
    expect(formatUtc('2023-11-05T00:00:00-05:00')).toBe('2023-11-05 05:00 UTC');
    expect(formatUtc(null)).toBe('—');
    expect(formatUtc('not a date')).toBe('not a date');
    expect(formatWindow('2024-01-01T00:00:00Z', null)).toBe('2024-01-01 00:00 UTC → —');
  });
  it('formats counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('—');
  });
  it('detects "synthetic" as a word', () => {
    expect(isSynthetic('Synthetic data for demos')).toBe(true);
    expect(isSynthetic('photosynthetic')).toBe(false);
    expect(isSynthetic(null)).toBe(false);
  });
});

describe('router', () => {
  it('parses hashes and builds hrefs', () => {
    expect(parseHash('')).toEqual({ name: 'catalogue' });
    expect(parseHash('#/')).toEqual({ name: 'catalogue' });
    expect(parseHash('#/settings')).toEqual({ name: 'settings' });
    expect(parseHash(hrefs.dataset('pjm_lmp'))).toEqual({ name: 'dataset', datasetId: 'pjm_lmp' });
    expect(parseHash(hrefs.query('nyiso_zonal_load_5_min'))).toEqual({
      name: 'query',
      datasetId: 'nyiso_zonal_load_5_min',
      search: '',
    });
    expect(parseHash(hrefs.query('pjm_lmp', 'start=2024-03-01&pull=7'))).toEqual({
      name: 'query',
      datasetId: 'pjm_lmp',
      search: 'start=2024-03-01&pull=7',
    });
    expect(parseHash(hrefs.history)).toEqual({ name: 'history' });
    expect(parseHash(hrefs.contingency('k/1', 'peak=on_peak'))).toEqual({
      name: 'contingency',
      contingencyId: 'k/1',
      search: 'peak=on_peak',
    });
    expect(parseHash('#/contingencies?start=x')).toEqual({ name: 'constraints', search: 'start=x&tab=contingencies' });
    expect(parseHash('#/nope').name).toBe('not_found');
  });
});
