import { describe, expect, it } from 'vitest';
import { hourEnding, hourEndingLabel } from './hourEnding.js';
import { marketDayWindow } from './market.js';

function labelsOfDay(date: string, zone: string): string[] {
  const { start, end } = marketDayWindow(date, zone);
  const out: string[] = [];
  for (let t = Date.parse(start); t < Date.parse(end); t += 3600_000) out.push(hourEndingLabel(t, zone));
  return out;
}

const he = (n: number) => `HE${String(n).padStart(2, '0')}`;

describe('hour ending', () => {
  it('an ordinary day reads HE01…HE24', () => {
    expect(labelsOfDay('2024-09-02', 'US/Eastern')).toEqual(Array.from({ length: 24 }, (_, i) => he(i + 1)));
  });

  it('the fall-back day has 25 hours with HE02* after HE02', () => {
    const labels = labelsOfDay('2024-11-03', 'US/Eastern');
    expect(labels).toHaveLength(25);
    expect(labels.slice(0, 4)).toEqual(['HE01', 'HE02', 'HE02*', 'HE03']);
    expect(labels.at(-1)).toBe('HE24');
    expect(labels.filter((l) => l.endsWith('*'))).toEqual(['HE02*']);
  });

  it('the spring-forward day has 23 hours and no HE03', () => {
    const labels = labelsOfDay('2024-03-10', 'US/Central');
    expect(labels).toHaveLength(23);
    expect(labels.slice(0, 3)).toEqual(['HE01', 'HE02', 'HE04']);
    expect(labels).not.toContain('HE03');
  });

  it('belongs to the market date of the hour start', () => {
    // 03:00Z on Sep 3 is 23:00 EDT on Sep 2: the last hour of Sep 2.
    expect(hourEnding(Date.parse('2024-09-03T03:00:00Z'), 'US/Eastern')).toEqual({
      label: 'HE24',
      hour: 24,
      repeated: false,
      date: '2024-09-02',
    });
  });
});
