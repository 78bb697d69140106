import { Float32, Table, Utf8, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { MAP_EQUIPMENT_COLUMNS, MAP_RUN_COLUMNS } from '../../../../shared/bridge/map.js';
import { decodeMapFeatures, minutesToMs } from './mapColumns.js';

// Streams as main writes them are covered end to end in electron/services/map/map.server.test.ts; here, the checks.
function stream(spec: Record<string, string>, override: Record<string, unknown> = {}): Uint8Array {
  const columns = Object.fromEntries(
    Object.entries(spec).map(([name, type]) => {
      if (name in override) return [name, override[name]];
      if (type === 'float32') return [name, makeVector(new Float32Array([1.5]))];
      if (type === 'int32') return [name, makeVector(new Int32Array([7]))];
      if (type === 'bool') return [name, vectorFromArray([true])];
      if (type === 'utf8') return [name, vectorFromArray(['x'], new Utf8())];
      return [name, vectorFromArray(['x'])]; // dictionary-encoded by default
    }),
  );
  return tableToIPC(new Table(columns as never), 'stream');
}

describe('decodeMapFeatures', () => {
  it('reads both streams; float32 columns are Float32Arrays', () => {
    const tables = decodeMapFeatures({
      runs: stream(MAP_RUN_COLUMNS),
      equipment: stream(MAP_EQUIPMENT_COLUMNS),
      originMs: 1_725_235_200_000,
      windowMinutes: 2880,
    });
    expect(tables.runs.numRows).toBe(1);
    expect(tables.runs.getChild('start_min')!.toArray()).toBeInstanceOf(Float32Array);
    expect(tables.equipment.getChild('ticket')!.get(0)).toBe(7);
    expect(minutesToMs(60, tables.originMs)).toBe(1_725_235_200_000 + 3_600_000);
  });

  it('refuses a stream whose columns are not the contract’s', () => {
    const wrong = stream(MAP_RUN_COLUMNS, { start_min: vectorFromArray([1.5], new Float32()), cost: vectorFromArray(['1']) });
    expect(() =>
      decodeMapFeatures({ runs: wrong, equipment: stream(MAP_EQUIPMENT_COLUMNS), originMs: 0, windowMinutes: 1 }),
    ).toThrow(/binding run columns are not the expected ones/);
  });
});
