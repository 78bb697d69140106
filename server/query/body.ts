import type { QueryMeta } from '../../shared/index.js';
import type { OutputFormat } from './spec.js';

/**
 * Response bodies of the dataset query, assembled from rendered blocks (format.ts) so that a
 * buffered and a streamed response are byte for byte the same (spec "Pagination" §5):
 * - JSON: `{"status_code":200,"data":[...],"meta":{...},"dataset_metadata":{...}}`, with the header
 *   row first in `data` for `array-of-arrays` (also with zero rows);
 * - CSV: a header line, then each row on its own line (`\n` line ends, as respond.ts writes CSV).
 * `meta` comes after `data`, so a stream can finish the page before writing it.
 */

/** Builds the pieces of one body; feed blocks in order, then call `end`. */
export class BodyWriter {
  private rowsWritten = false;

  /**
   * @param header        output column names.
   * @param metadataJson  `dataset_metadata` as JSON text (the DatasetWithTimezone).
   */
  constructor(
    private readonly format: OutputFormat,
    private readonly header: readonly string[],
    private readonly metadataJson: string,
  ) {}

  /** Text before the first row. */
  start(): Buffer {
    if (this.format.returnFormat === 'csv') return Buffer.from(`${this.header.join(',')}\n`);
    const headerRow = this.format.jsonSchema === 'array-of-arrays' ? JSON.stringify(this.header) : '';
    this.rowsWritten = headerRow !== '';
    return Buffer.from(`{"status_code":200,"data":[${headerRow}`);
  }

  /** The pieces of one sub-page: each block with its separator. */
  blocks(blocks: readonly Buffer[]): Buffer[] {
    const out: Buffer[] = [];
    for (const block of blocks) {
      if (this.format.returnFormat === 'csv') {
        out.push(block, NEWLINE);
      } else {
        if (this.rowsWritten) out.push(COMMA);
        out.push(block);
        this.rowsWritten = true;
      }
    }
    return out;
  }

  /** Text after the last row: `meta` and `dataset_metadata` for JSON, nothing for CSV. */
  end(meta: QueryMeta): Buffer {
    if (this.format.returnFormat === 'csv') return Buffer.alloc(0);
    return Buffer.from(`],"meta":${JSON.stringify(meta)},"dataset_metadata":${this.metadataJson}}`);
  }
}

const COMMA = Buffer.from(',');
const NEWLINE = Buffer.from('\n');

/** Pagination headers (spec "Pagination" §4; `X-Cursor` is ours, so CSV clients can page by cursor). */
export function paginationHeaders(meta: QueryMeta): Record<string, string> {
  const headers: Record<string, string> = {
    'x-page': String(meta.page),
    'x-page-size': String(meta.page_size),
    'x-limit': meta.limit === null ? 'null' : String(meta.limit),
    'x-has-next-page': meta.hasNextPage ? 'true' : 'false',
  };
  if (meta.cursor !== null) headers['x-cursor'] = meta.cursor;
  return headers;
}
