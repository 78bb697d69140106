/** What to send. `start`/`end` are inclusive byte offsets. */
export type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** A single `Range` (RFC 9110 §14) against `size` bytes; several ranges → the whole file, as RFC 9110 allows; bad → 416. */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return { kind: 'unsatisfiable' };
  const specs = m[1]!.split(',').map((s) => s.trim());
  if (specs.length > 1) return specs.every((s) => /^(\d+-\d*|-\d+)$/.test(s)) ? { kind: 'full' } : { kind: 'unsatisfiable' };
  const one = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!one || (one[1] === '' && one[2] === '')) return { kind: 'unsatisfiable' };
  if (one[1] === '') {
    const suffix = Number(one[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(one[1]);
  const end = one[2] === '' ? size - 1 : Math.min(Number(one[2]), size - 1);
  if (start >= size || (one[2] !== '' && Number(one[2]) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
