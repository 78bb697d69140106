import { createHash } from 'node:crypto';

/** What an id names. */
export type EntityKind = 'constraint' | 'contingency' | 'location';

/** Deterministic UUIDv5-style `gs_entity_id`: SHA-1 of `gridscope:<kind>:<market>:<name>`, version 5 (docs/constraints.md). */
export function entityId(kind: EntityKind, market: string, name: string): string {
  const bytes = createHash('sha1').update(`gridscope:${kind}:${market}:${name}`, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
