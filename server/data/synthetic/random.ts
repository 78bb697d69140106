import { createHash } from 'node:crypto';

/** The generators' root seed. Changing it changes every synthetic value (bump GENERATOR_VERSION too). */
export const SYNTHETIC_SEED = 'gridscope-synthetic-v1';

/** 32-bit unsigned integer from SHA-256 of the key. */
export function hash32(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32LE(0);
}

/** A mulberry32 generator: returns uniform floats in [0, 1). */
export type Random = () => number;

/** A PRNG seeded by the seed and what is generated (`rng('substation', 'pjm', 'DRESDEN')`), so order never matters. */
export function rng(...parts: (string | number)[]): Random {
  let state = hash32([SYNTHETIC_SEED, ...parts].join('\u001f'));
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform float in [min, max). */
export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** Uniform integer in [min, max] (inclusive). */
export function integer(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}
