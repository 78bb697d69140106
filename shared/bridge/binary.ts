/**
 * The web host's body for a bridge answer that carries bytes (docs/map.md#the-data-path): a verb whose result holds
 * `Uint8Array` values (the map's Arrow streams) is sent as one binary body instead of JSON, so no byte is base64- or
 * JSON-encoded. Errors and every other answer stay JSON. Electron's IPC needs none of this: structured clone keeps a
 * `Uint8Array` as it is.
 *
 * Layout: `GSB1` (4 bytes), the header's length (uint32, little-endian), the header — UTF-8 JSON
 * `{"result": …, "lengths": [n0, n1, …]}` where each `Uint8Array` of the result is `{"$binary": i}` — then the parts in
 * order, each starting at a multiple of 8 bytes (typed arrays over them stay aligned).
 */

/** Content type of a binary bridge answer. */
export const BINARY_RESULT_TYPE = 'application/vnd.gridscope.bridge-result';

const MAGIC = [0x47, 0x53, 0x42, 0x31]; // GSB1
const align = (n: number) => Math.ceil(n / 8) * 8;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** True when `value` holds a `Uint8Array` (in plain objects and arrays): it is sent with {@link encodeBinaryResult}. */
export function holdsBinary(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (Array.isArray(value)) return value.some(holdsBinary);
  return isPlain(value) && Object.values(value).some(holdsBinary);
}

/** `result` as one body: its bytes as parts, everything else as the JSON header. */
export function encodeBinaryResult(result: unknown): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const strip = (v: unknown): unknown => {
    if (v instanceof Uint8Array) return { $binary: parts.push(v) - 1 };
    if (Array.isArray(v)) return v.map(strip);
    if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x)]));
    return v;
  };
  const stripped = strip(result);
  const lengths = parts.map((p) => p.length);
  const head = new TextEncoder().encode(JSON.stringify({ result: stripped, lengths }));
  let size = align(8 + head.length);
  for (const n of lengths) size = align(size + n);
  const out = new Uint8Array(size);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, head.length, true);
  out.set(head, 8);
  let at = align(8 + head.length);
  for (const part of parts) {
    out.set(part, at);
    at = align(at + part.length);
  }
  return out;
}

/**
 * The result of an {@link encodeBinaryResult} body; its `Uint8Array`s are views of `body` (no copy).
 * @throws when `body` is not such a body (wrong marker, a length past its end, unreadable header).
 */
export function decodeBinaryResult(body: ArrayBufferLike | Uint8Array): unknown {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) throw new Error('not a binary bridge answer');
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + headLength > bytes.length) throw new Error('binary bridge answer: header past the end');
  const { result, lengths } = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLength))) as {
    result: unknown;
    lengths: number[];
  };
  const parts: Uint8Array[] = [];
  let at = align(8 + headLength);
  for (const n of lengths) {
    if (at + n > bytes.length) throw new Error('binary bridge answer: part past the end');
    parts.push(bytes.subarray(at, at + n));
    at = align(at + n);
  }
  const restore = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(restore);
    if (isPlain(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === '$binary' && typeof v.$binary === 'number') {
        const part = parts[v.$binary];
        if (!part) throw new Error(`binary bridge answer: no part ${v.$binary}`);
        return part;
      }
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, restore(x)]));
    }
    return v;
  };
  return restore(result);
}
