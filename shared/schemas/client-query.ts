import { z } from 'zod';
import type { PageMeta } from './common.js';
import { ClientPageMeta, ClientStatusCode, bodyTimezone } from './client.js';

/** A query page as received, normalised: `data[0]` is the header row, `hasNextPage` is known, `data_timezone` IANA. */
export interface ClientQueryResponse {
  status_code: number;
  data: unknown[][];
  meta: PageMeta & { hasNextPage: boolean };
  data_timezone: string;
}

/** `array-of-arrays` query body as received → {@link ClientQueryResponse} (docs/desktop.md#reading-v1-bodies-from-any-server). */
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
