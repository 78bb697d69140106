import { z } from 'zod';
import { ColumnValue } from './columnValues.js';
import type { ColumnValuesResponse } from './columnValues.js';

/** One value as received, normalised: a {@link ColumnValue} whose `count` is null when the server does not say. */
export type ClientColumnValue = Omit<ColumnValue, 'count'> & { count: number | null };

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

/** Column-values body as received → {@link ClientColumnValuesResponse} (docs/desktop.md#reading-v1-bodies-from-any-server). */
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
