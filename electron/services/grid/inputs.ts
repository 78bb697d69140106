import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, Result, TimeWindow } from '../../../shared/index.js';
import type { QueryValue } from '../v1/proxy.js';

// Inputs of the grid verbs as /v1 wants them, checked before any request (docs/desktop.md#grid-verbs).

/** `undefined` when `window` is usable, else the `validation` failure saying why (end not after start). */
export function windowProblem(window: TimeWindow, name = 'window'): Result<never> | undefined {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return fail('validation', `The ${name} needs a start and an end date-time.`);
  if (end <= start) return fail('validation', `The ${name}'s end (${window.end}) must be after its start (${window.start}).`);
  return undefined;
}

/** `id` as one encoded path segment; `.` and `..` are refused (they would name another path), as `validation`. */
export function segment(id: string, what: string): Result<string> {
  if (/^\.{1,2}$/.test(id)) return fail('validation', `"${id}" is not a ${what} id.`);
  return ok(encodeURIComponent(id));
}

/** The four options both shift-factor verbs share (docs/api.md#shift-factors-by-location). */
export type ShiftFactorInput = Omit<ParsedInput<'constraints:shiftFactors'>, 'constraintId' | 'requestId'>;

/** {@link ShiftFactorInput} as /v1 query parameters (absent ones are left out of the URL by the proxy). */
export const shiftFactorQuery = (i: ShiftFactorInput): Record<string, QueryValue> => ({
  dataset_id: i.datasetId,
  contingency_id: i.contingencyId,
  exclude_zeros: i.excludeZeros,
  aggregation_function: i.aggregation,
});

/** `isos` of the constraint and contingency lists: comma-joined; an empty list is read as "no market filter". */
export const marketList = (markets: string[] | undefined): string | undefined =>
  // /v1 would answer an empty `isos` with nothing.
  markets && markets.length > 0 ? markets.join(',') : undefined;
