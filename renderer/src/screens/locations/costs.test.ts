import { describe, expect, it } from 'vitest';
import type { LocationConstraintCost } from '../../../../shared/schemas/constraints.js';
import { formatCost } from '../../features/constraints/format.js';
import { costTotals, sumOf, topContributors } from './costs.js';
import { PAIRS, byConstraint } from '../../test-support/gridFixtures.js';

const row = (id: string, name: string, adjusted: number | null, contingency: string | null = null): LocationConstraintCost => ({
  constraint_gs_entity_id: id,
  constraint_name: name,
  contingency_gs_entity_id: contingency,
  contingency_name: contingency,
  shift_factor: 0.5,
  absolute_cost: adjusted === null ? null : adjusted * 2,
  adjusted_cost: adjusted,
});

describe('cost totals', () => {
  it('gives the same Σ adjusted cost for both groupings, to the cent', () => {
    expect(costTotals(PAIRS).adjusted).toBe(costTotals(byConstraint(PAIRS)).adjusted);
    expect(costTotals(PAIRS).absolute).toBe(costTotals(byConstraint(PAIRS)).absolute);
    expect(costTotals(PAIRS).binding).toBe(22);
  });

  it('sums without the order moving the result, skipping nulls', () => {
    const values = [0.1, 0.2, 0.3, null, 1e9, -1e9];
    expect(sumOf(values)).toBe(sumOf([...values].reverse()));
    expect(sumOf([0.1, 0.2])).toBe(0.30000000000000004);
    expect(costTotals([row('a', 'A', 0.004), row('b', 'B', -0.006)]).adjusted).toBe(0);
  });

  it('formats $/MW with separators and cents, and no negative zero', () => {
    expect(formatCost(-1234.5)).toBe('-1,234.50');
    expect(formatCost(-0.001)).toBe('0.00');
    expect(formatCost(null)).toBe('—');
  });
});

describe('top contributors', () => {
  it('ranks by |adjusted cost|, ties by constraint then contingency name, leaving out nulls and zeros', () => {
    const rows = [
      row('a', 'Alpha', 5),
      row('b', 'Bravo', -9),
      row('c', 'Charlie', null),
      row('d', 'Delta', 0),
      row('e', 'Echo', 5, 'Loss of B'),
      row('e', 'Echo', -5, 'Loss of A'),
    ];
    expect(topContributors(rows).map((c) => [c.constraintName, c.contingencyName, c.adjusted])).toEqual([
      ['Bravo', null, -9],
      ['Alpha', null, 5],
      ['Echo', 'Loss of A', -5],
      ['Echo', 'Loss of B', 5],
    ]);
    expect(topContributors(rows, 2)).toHaveLength(2);
  });
});
