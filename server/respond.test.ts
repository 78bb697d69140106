import { describe, expect, it } from 'vitest';
import { toArrayOfArrays, toCsv } from './respond.js';

describe('table shapes', () => {
  const columns = ['id', 'primary_key_columns', 'count', 'flag', 'note'];

  it('array-of-arrays keeps the header row even with no rows', () => {
    expect(toArrayOfArrays(columns, [])).toEqual([columns]);
    expect(toCsv(columns, [])).toBe('id,primary_key_columns,count,flag,note\n');
  });

  it('array-of-arrays puts values in header order, null for missing', () => {
    expect(toArrayOfArrays(['b', 'a', 'c'], [{ a: 1, b: 'x' }])).toEqual([
      ['b', 'a', 'c'],
      ['x', 1, null],
    ]);
  });

  it('CSV JSON-encodes nested values and quotes commas, quotes and newlines', () => {
    const csv = toCsv(columns, [
      { id: 'a', primary_key_columns: ['t', 'u'], count: 3, flag: true, note: 'line one,\n"two"' },
      { id: 'b', primary_key_columns: null, count: 0, flag: false },
    ]);
    expect(csv).toBe(
      'id,primary_key_columns,count,flag,note\n' + 'a,"[""t"",""u""]",3,true,"line one,\n""two"""\n' + 'b,,0,false,\n',
    );
  });
});
