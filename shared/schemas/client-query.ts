import { z } from 'zod';
import type { PageMeta } from './common.js';
import { ClientPageMeta, ClientStatusCode, bodyTimezone } from './client.js';

/**
 * `GET /v1/datasets/{id}/query` body with `json_schema=array-of-arrays`, as received from any /v1
 * server (spec endpoint 16 and "Pagination"; addendum "Dataset query"). Only the parts a page needs:
 * - `data`: the header row, then value rows (the header is present even with zero rows);
 * - `meta` may be partial or absent: `hasNextPage` absent reads as "a non-empty `cursor` was sent",
 *   `cursor` absent or empty as null;
 * - `data_timezone`: the top-level one, else `dataset_metadata.data_timezone`, else `UTC` (as for a
 *   dataset detail body, {@link bodyTimezone}).
 * Extra keys are ignored.
 */

/** A query page as received, normalised: {@link PageMeta} whose `hasNextPage` is always known. */
export interface ClientQueryResponse {
  status_code: number;
  /** `data[0]` is the header row. */
  data: unknown[][];
  meta: PageMeta & { hasNextPage: boolean };
  /** IANA name of the dataset's zone, e.g. `US/Eastern`. */
  data_timezone: string;
}

/** Query body as received → {@link ClientQueryResponse} (rules above; `meta` read by {@link ClientPageMeta}). */
export const ClientQuery = z
  .object({
    status_code: ClientStatusCode,
    data: z.array(z.array(z.unknown())).min(1, 'expected a header row of column names'),
    meta: ClientPageMeta,
    data_timezone: z.string().nullish(),
    dataset_metadata: z.object({ data_timezone: z.string().nullish() }).nullish(),
  })
  .transform((b): ClientQueryResponse => {
    const cursor = b.meta.cursor || null;
    return {
      status_code: b.status_code,
      data: b.data,
      meta: { ...b.meta, hasNextPage: b.meta.hasNextPage ?? cursor !== null, cursor },
      data_timezone: bodyTimezone(b) ?? 'UTC',
    };
  });
