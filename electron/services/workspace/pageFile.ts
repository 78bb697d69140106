import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/**
 * One CSV page body written to a file as it arrives, for DuckDB's `read_csv` to load: the bytes
 * go from the socket to the file untouched (no rows or strings in JavaScript). Per chunk only
 * the position of its last line end is noted, so a body cut short (cancel, network) can still
 * yield its whole lines.
 */

/** What was written of one page. */
export interface PageFile {
  path: string;
  /** Column names of the header line; null when the body ended before the first line end. */
  header: string[] | null;
  /** Bytes of the header line, its line end included. */
  headerBytes: number;
  /** Bytes written. */
  bytes: number;
  /** Bytes up to and including the last line end written: the whole lines. */
  wholeBytes: number;
  /** What cut the body short, if anything (the file then holds what arrived before). */
  error?: unknown;
}

/** The longest header line read, in bytes (500 columns of 64 characters fit many times over). */
const MAX_HEADER_BYTES = 1024 * 1024;
const LF = 0x0a;

/**
 * Splits a CSV header line into names (RFC 4180: `"a,b"` is one name, `""` inside quotes is `"`).
 * A trailing `\r` is dropped.
 */
export function parseCsvHeader(line: string): string[] {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const names: string[] = [];
  let i = 0;
  for (;;) {
    let name = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) throw new Error('unterminated quote in the CSV header');
        name += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          name += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const comma = text.indexOf(',', i);
      name = text.slice(i, comma === -1 ? text.length : comma);
      i = comma === -1 ? text.length : comma;
    }
    names.push(name);
    if (i >= text.length) return names;
    if (text[i] !== ',') throw new Error('unexpected text after a quoted name in the CSV header');
    i++;
  }
}

/**
 * Writes `body` to `path` (created or truncated) chunk by chunk. Never throws for a body error:
 * it is returned in `error` with what was written so far. `onBytes` gets the running byte count.
 * @throws when the file cannot be written (disk full, permissions).
 */
export async function writePageFile(body: Readable, path: string, onBytes?: (bytes: number) => void): Promise<PageFile> {
  const file = await open(path, 'w');
  const out: PageFile = { path, header: null, headerBytes: 0, bytes: 0, wholeBytes: 0 };
  const head: Buffer[] = [];
  let headSize = 0;
  body.on('error', () => undefined);
  try {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        const { bytesWritten } = await file.write(chunk);
        if (bytesWritten !== chunk.length) throw new Error(`short write to ${path}`);
        const lineEnd = chunk.lastIndexOf(LF);
        if (out.header === null) {
          const first = chunk.indexOf(LF);
          if (first === -1) {
            head.push(chunk);
            headSize += chunk.length;
            if (headSize > MAX_HEADER_BYTES) throw new Error('the CSV header line is longer than 1 MiB');
          } else {
            head.push(chunk.subarray(0, first));
            out.headerBytes = out.bytes + first + 1;
            out.header = parseCsvHeader(Buffer.concat(head).toString('utf8'));
          }
        }
        if (lineEnd !== -1) out.wholeBytes = out.bytes + lineEnd + 1;
        out.bytes += chunk.length;
        onBytes?.(out.bytes);
      }
      // A body without a final line end still ends its last row.
      if (out.bytes > out.wholeBytes) {
        await file.write('\n');
        if (out.header === null) {
          out.headerBytes = out.bytes + 1;
          out.header = parseCsvHeader(Buffer.concat(head).toString('utf8'));
        }
        out.bytes += 1;
        out.wholeBytes = out.bytes;
      }
    } catch (error) {
      out.error = error;
      if (!body.destroyed) body.destroy();
    }
  } finally {
    await file.close();
  }
  return out;
}
