import { createHash } from 'node:crypto';

/**
 * Deterministic `gs_entity_id`s (ours): a UUIDv5-style id, i.e. the first 16 bytes of
 * SHA-1(`gridscope:<kind>:<market>:<name>`) with the version nibble set to 5 and the RFC 4122
 * variant bits. The same market and name always give the same id, on every machine and build.
 */

/** What an id names. */
export type EntityKind = 'constraint' | 'contingency' | 'location';

/** The id of an entity, e.g. `entityId('constraint', 'pjm', 'BERGEN 230 KV BER-HUD')`. */
export function entityId(kind: EntityKind, market: string, name: string): string {
  const bytes = createHash('sha1').update(`gridscope:${kind}:${market}:${name}`, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
