/**
 * Line lengths by voltage class for the SYNTHETIC substation placement (docs/constraints.md#generators-seeded-deterministic):
 * a line is drawn `typical` km long, never over `limit` km. Lower voltages carry power shorter distances, so their
 * lines are shorter; no line of 115–230 kV is over 150 km and none at all over 300 km.
 */

/** The kV assumed for a facility whose name states none (`PLEASNTV-ASHBURN 274D`, `YORKANA B43 CB`). */
export const DEFAULT_VOLTAGE_KV = 230;

/** Lengths of one voltage class: a drawn line is `[min, max)` km long and never over `limit` km. */
export interface LineLength {
  min: number;
  max: number;
  limit: number;
}

// Upper kV bound of each class (inclusive), bottom first.
const CLASSES: readonly (LineLength & { upToKv: number })[] = [
  { upToKv: 99, min: 3, max: 25, limit: 60 },
  { upToKv: 199, min: 5, max: 50, limit: 150 },
  { upToKv: 299, min: 10, max: 70, limit: 150 },
  { upToKv: 399, min: 20, max: 120, limit: 300 },
  { upToKv: Infinity, min: 30, max: 180, limit: 300 },
];

/** The lengths of a line of `kv` kV; a missing or non-positive kV is {@link DEFAULT_VOLTAGE_KV}. */
export function lineLength(kv: number | null | undefined): LineLength {
  const v = kv && kv > 0 ? kv : DEFAULT_VOLTAGE_KV;
  const { min, max, limit } = CLASSES.find((c) => v <= c.upToKv)!;
  return { min, max, limit };
}
