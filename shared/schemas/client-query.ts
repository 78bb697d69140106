import { z } from 'zod';

/**
 * `GET /v1/datasets/{id}/query` body with `json_schema=array-of-arrays`, as received from any /v1
 * server (spec endpoint 16 and "Pagination"; addendum "Dataset query"). Only the parts a page needs:
 * - `data`: the header row, then value rows (the header is present even with zero rows);
 * - `meta` may be partial or absent: `hasNextPage` absent reads as "a non-empty `cursor` was sent",
 *   `cursor` absent or empty as null;
 * - `data_timezone` from `dataset_metadata.data_timezone` (or a top-level one), else `UTC`.
 * Extra keys are ignored.
 */

/** A query page as received, normalised. */
export interface ClientQueryResponse {
  status_code: number;
  /** `data[0]` is the header row. */
  data: unknown[][];
  meta: { page: number | null; page_size: number | null; limit: number | null; hasNextPage: boolean; cursor: string | null };
  /** IANA name of the dataset's zone, e.g. `US/Eastern`. */
  data_timezone: string;
}

/** Query body as received → {@link ClientQueryResponse} (rules above). */
export const ClientQuery = z
  .object({
    status_code: z.number().nullish(),
    data: z.array(z.array(z.unknown())).min(1, 'expected a header row of column names'),
    meta: z
      .object({
        page: z.number().nullish(),
        page_size: z.number().nullish(),
        limit: z.number().nullish(),
        hasNextPage: z.boolean().nullish(),
        cursor: z.string().nullish(),
      })
      .nullish(),
    data_timezone: z.string().nullish(),
    dataset_metadata: z.object({ data_timezone: z.string().nullish() }).nullish(),
  })
  .transform((b): ClientQueryResponse => {
    const cursor = b.meta?.cursor || null;
    return {
      status_code: b.status_code ?? 200,
      data: b.data,
      meta: {
        page: b.meta?.page ?? null,
        page_size: b.meta?.page_size ?? null,
        limit: b.meta?.limit ?? null,
        hasNextPage: b.meta?.hasNextPage ?? cursor !== null,
        cursor,
      },
      data_timezone: b.data_timezone ?? b.dataset_metadata?.data_timezone ?? 'UTC',
    };
  });
