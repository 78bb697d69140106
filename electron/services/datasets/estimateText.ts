import type { EstimateFilter } from '../../../shared/index.js';

// How the estimate writes numbers, instants and filters in its `basis` and warnings (en-US grouping, UTC instants).

/** `1,204`: rounded, grouped. */
export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
/** `2024-01-01T00:00:00Z` for epoch ms (milliseconds shown only when not zero). */
export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
/** `3 rows`, `1 row`. */
export const plural = (n: number, word: string): string => `${fmt(n)} ${word}${Math.round(n) === 1 ? '' : 's'}`;
/** `zone = PJM`. */
export const describeFilter = (f: EstimateFilter): string => `${f.column} ${f.operator} ${f.value}`;
