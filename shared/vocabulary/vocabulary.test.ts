import { describe, expect, it } from 'vitest';
import {
  COST_HELP,
  TERMS,
  figure,
  formatFigure,
  humanize,
  labelWithUnit,
  numberFormatOf,
  termOf,
  typeInWords,
} from './columns.js';
import { copyNumber, formatNumber, roundTo } from './formats.js';

describe('number formats', () => {
  it('writes money with cents, factors with 4 decimals, counts whole and identifiers ungrouped', () => {
    expect(formatNumber(4071.5158333333325, 'money')).toBe('4,071.52');
    expect(formatNumber(2000, 'money')).toBe('2,000.00');
    expect(formatNumber(-0.3, 'factor')).toBe('-0.3000');
    expect(formatNumber(1204, 'count')).toBe('1,204');
    expect(formatNumber(61757, 'identifier')).toBe('61757');
    expect(formatNumber(12345.678, 'quantity')).toBe('12,345.68');
    expect(formatNumber(12345, 'quantity')).toBe('12,345');
  });

  it('never shows -0.00 and writes a missing value as an em dash', () => {
    expect(formatNumber(-0.001, 'money')).toBe('0.00');
    expect(formatNumber(null, 'money')).toBe('—');
    expect(formatNumber(Number.NaN, 'factor')).toBe('—');
  });

  it('copies the shown precision without grouping; a missing value copies empty', () => {
    expect(copyNumber(4071.5158333333325, 'money')).toBe('4071.52');
    expect(copyNumber(61757, 'identifier')).toBe('61757');
    expect(copyNumber(null, 'money')).toBe('');
    expect(roundTo('money', 2.675)).toBeCloseTo(2.68, 10);
  });
});

describe('terms', () => {
  it('labels known columns in words with their units', () => {
    expect(labelWithUnit(termOf('shadow_price'))).toBe('Shadow price ($/MWh)');
    expect(labelWithUnit(termOf('rt_absolute_cost'))).toBe('Real-time absolute cost ($/MW)');
    expect(labelWithUnit(termOf('demand', 'DOUBLE PRECISION'))).toBe('Demand (MW)');
    expect(labelWithUnit(termOf('monitored_facility', 'VARCHAR'))).toBe('Monitored facility');
    expect(termOf('interval_start_utc').kind).toBe('time_utc');
  });

  it('reads unknown columns from their names and types', () => {
    expect(termOf('natural_gas', 'DOUBLE PRECISION')).toEqual({ label: 'Natural gas', kind: 'quantity' });
    expect(termOf('spp_nsi', 'DOUBLE')).toEqual({ label: 'SPP NSI', kind: 'quantity' });
    expect(termOf('report_time_utc', 'TIMESTAMP')).toEqual({ label: 'Report time (UTC)', kind: 'time_utc' });
    expect(termOf('settlement_point_price', 'DOUBLE')).toMatchObject({ unit: '$/MWh', kind: 'money' });
    expect(termOf('node_id', 'INTEGER')).toMatchObject({ kind: 'identifier', bookkeeping: true });
    expect(termOf('ramp_mw', 'DOUBLE')).toMatchObject({ label: 'Ramp', unit: 'MW' });
  });

  it('never labels a known column with its code name', () => {
    for (const [name, term] of Object.entries(TERMS)) {
      expect(term.label, name).not.toMatch(/_/);
      expect(term.label[0], name).toBe(term.label[0]!.toUpperCase());
    }
  });

  it('says types in words and explains both costs', () => {
    expect(typeInWords('DOUBLE PRECISION')).toBe('number');
    expect(typeInWords('TIMESTAMP WITH TIME ZONE')).toBe('date and time');
    expect(humanize('day_ahead_congestion_event')).toBe('Day ahead congestion event');
    expect(COST_HELP.adjusted).toMatch(/sign/);
    expect(termOf('adjusted_cost').help).toBe(COST_HELP.adjusted);
  });
});

describe('figures', () => {
  it('reads the same cost the same way everywhere: label, then value and unit', () => {
    expect(figure('absolute_cost', 4071.5158333333325)).toEqual({ label: 'Absolute cost', value: '4,071.52 $/MW' });
    expect(figure('congestion_cost', 4071.5158333333325)).toEqual({ label: 'Congestion while out', value: '4,071.52 $/MW' });
    expect(figure('allocated_cost', 1017.88)).toEqual({ label: 'Allocated cost', value: '1,017.88 $/MW' });
    expect(figure('rt_path_per_mwh', -3.456)).toEqual({ label: 'Real-time mean', value: '-3.46 $/MWh' });
    expect(figure('shift_factor', 0.43125)).toEqual({ label: 'Shift factor', value: '0.4313' });
    expect(figure('binding_interval_count', 2000)).toEqual({ label: 'Binding intervals', value: '2,000' });
    expect(figure('shadow_price', null).value).toBe('—');
    expect(numberFormatOf(termOf('interval_start_utc'))).toBeNull();
    expect(formatFigure(termOf('distance_km'), 12.345)).toBe('12.35 km');
  });
});

describe('binding-window terms', () => {
  it('name what they count, with units, and say what each time-of-use cost covers', () => {
    expect(labelWithUnit(termOf('first_binding_utc'))).toBe('First binding interval (UTC)');
    expect(labelWithUnit(termOf('binding_hours'))).toBe('Binding hours (h)');
    expect(labelWithUnit(termOf('on_peak_cost'))).toBe('On-peak cost ($/MW)');
    expect(labelWithUnit(termOf('cost_7x8'))).toBe('7x8 cost ($/MW)');
    expect(termOf('off_peak_cost').help).toContain('2x16 and 7x8 together');
    expect(termOf('peak_intervals').help).toContain('largest |shadow price|');
    expect(figure('constraint_count', 1204)).toEqual({ label: 'Constraints bound', value: '1,204' });
  });
});
