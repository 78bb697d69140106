/**
 * Where a station named in a PJM facility can be, from the naming conventions of the transmission owners: a name match
 * outside these states is not the station (docs/constraints.md#generators-seeded-deterministic).
 */

/** US state codes a facility's stations lie in, or null when its name does not tell. */
export function facilityStates(facility: string): readonly string[] | null {
  // ComEd (northern Illinois) prefixes its facilities with the station number: `12 DRESDEN 45TR81 CT H 345 KV`,
  // `3 POWERT-TWRL POW-TWRL A 138 KV`, `112 WILT765 KV TR93CT-P`.
  if (/^\d+\s+[A-Za-z]/.test(facility.trim())) return ['IL'];
  return null;
}
