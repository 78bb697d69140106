import { describe, expect, it } from 'vitest';
import { decodeBinaryResult, encodeBinaryResult, holdsBinary } from './binary.js';

describe('binary bridge answers', () => {
  it('round-trip a result with bytes at any depth; parts start on 8-byte boundaries and are views of the body', () => {
    const runs = new Uint8Array([1, 2, 3]);
    const equipment = new Uint8Array(Array.from({ length: 13 }, (_, i) => 200 + i));
    const result = { ok: true, value: { runs, nested: [{ equipment }], originMs: 1_725_235_200_000, name: 'é ✓' } };
    expect(holdsBinary(result)).toBe(true);
    const body = encodeBinaryResult(result);
    const decoded = decodeBinaryResult(body.buffer) as typeof result;
    expect(decoded).toEqual(result);
    expect(decoded.value.runs).toBeInstanceOf(Uint8Array);
    expect(decoded.value.runs.byteOffset % 8).toBe(0);
    expect(decoded.value.nested[0]!.equipment.byteOffset % 8).toBe(0);
    expect(decoded.value.runs.buffer).toBe(body.buffer);
  });

  it('empty parts and a Node Buffer are bytes too; plain JSON is not binary', () => {
    const result = { ok: true, value: { a: new Uint8Array(0), b: Buffer.from('xyz') } };
    expect([...(decodeBinaryResult(encodeBinaryResult(result)) as { value: { b: Uint8Array } }).value.b]).toEqual([
      120, 121, 122,
    ]);
    expect(holdsBinary({ ok: false, error: { code: 'internal', message: 'x' } })).toBe(false);
    expect(holdsBinary({ ok: true, value: [1, 'a', null, { d: new Date(0) }] })).toBe(false);
  });

  it('refuses what is not such a body', () => {
    expect(() => decodeBinaryResult(new TextEncoder().encode('{"ok":true}'))).toThrow(/not a binary bridge answer/);
    const body = encodeBinaryResult({ ok: true, value: { a: new Uint8Array(100) } });
    expect(() => decodeBinaryResult(body.subarray(0, 60))).toThrow(/past the end/);
  });
});
