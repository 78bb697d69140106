import type { QueryMeta } from '../../shared/index.js';
import type { OutputFormat } from './spec.js';

/** A query body (docs/query.md#output) from rendered blocks, the same bytes buffered or streamed: `start`, `blocks`…, `end`. */
export class BodyWriter {
  private rowsWritten = false;

  constructor(
    private readonly format: OutputFormat,
    private readonly header: readonly string[],
    private readonly metadataJson: string,
  ) {}

  start(): Buffer {
    if (this.format.returnFormat === 'csv') return Buffer.from(`${this.header.join(',')}\n`);
    const headerRow = this.format.jsonSchema === 'array-of-arrays' ? JSON.stringify(this.header) : '';
    this.rowsWritten = headerRow !== '';
    return Buffer.from(`{"status_code":200,"data":[${headerRow}`);
  }

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

  /** Text after the last row: `meta` (after `data`: a stream finishes the page first) and `dataset_metadata`; none for CSV. */
  end(meta: QueryMeta): Buffer {
    if (this.format.returnFormat === 'csv') return Buffer.alloc(0);
    return Buffer.from(`],"meta":${JSON.stringify(meta)},"dataset_metadata":${this.metadataJson}}`);
  }
}

const COMMA = Buffer.from(',');
const NEWLINE = Buffer.from('\n');

/** Pagination headers (docs/api.md#pagination); `X-Cursor` is ours, so CSV clients can page by cursor. */
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
