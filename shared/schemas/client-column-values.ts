import { z } from 'zod';
import { ColumnValue } from './columnValues.js';
import type { ColumnValuesResponse } from './columnValues.js';

/**
 * `GET /v1/datasets/{id}/columns/{column}/values` body as received from any /v1 server (ours:
 * spec endpoint 16 "returns the unique values in a column", shape suggested by the addendum), read
 * leniently like the other client schemas:
 * - `values` items as `{value, count}` (count absent → null) or bare values; null values dropped;
 * - `dataset_id`, `column` absent → null (the caller knows what it asked for); `truncated` absent → false;
 * - a bare array of values (no envelope) reads as `{values: [...]}`; extra keys are ignored.
 */

/** One value as received, normalised: a {@link ColumnValue} whose `count` is null when the server does not say. */
export type ClientColumnValue = Omit<ColumnValue, 'count'> & { count: number | null };

/** Column values as received, normalised: a {@link ColumnValuesResponse} with the leniencies above. */
export type ClientColumnValuesResponse = Omit<ColumnValuesResponse, 'dataset_id' | 'column' | 'values'> & {
  dataset_id: string | null;
  column: string | null;
  values: ClientColumnValue[];
};

const ScalarValue = ColumnValue.shape.value;
const Item = z.union([z.object({ value: ScalarValue.nullable(), count: z.number().nullish() }), ScalarValue, z.null()]);

const Envelope = z.object({
  dataset_id: z.string().nullish(),
  column: z.string().nullish(),
  values: z.array(Item),
  truncated: z.boolean().nullish(),
});

/** Column-values body as received → {@link ClientColumnValuesResponse} (rules above). */
export const ClientColumnValues = z.union([Envelope, z.array(Item)]).transform((b): ClientColumnValuesResponse => {
  const body = Array.isArray(b) ? { values: b } : b;
  const values = body.values.flatMap((item) => {
    if (item === null) return [];
    if (typeof item === 'object') return item.value === null ? [] : [{ value: item.value, count: item.count ?? null }];
    return [{ value: item, count: null }];
  });
  return {
    dataset_id: ('dataset_id' in body && body.dataset_id) || null,
    column: ('column' in body && body.column) || null,
    values,
    truncated: ('truncated' in body && body.truncated) || false,
  };
});
