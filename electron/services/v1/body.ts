import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** Thrown when a body is larger than the reader's cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the response is larger than ${formatBytes(maxBytes)}`);
    this.name = 'BodyTooLargeError';
  }
}

/** "256 MiB", "64 KiB", "100 bytes". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/**
 * Undoes `encoding` (`br`, `gzip`, `deflate`, lists in reverse) as a stream; errors surface on it, and destroying it destroys
 * `body` (freeing the socket). @throws Error for an unsupported coding, before anything is piped.
 */
export function decodeBody(body: Readable, encoding: string | undefined): Readable {
  const codings = (encoding ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s !== 'identity');
  const decoders = codings.reverse().map((c) => {
    if (c === 'gzip' || c === 'x-gzip') return createGunzip();
    if (c === 'br') return createBrotliDecompress();
    if (c === 'deflate') return createInflate();
    throw new Error(`unsupported content-encoding "${c}"`);
  });
  let stream: Readable = body;
  for (const decoder of decoders) {
    const source = stream;
    source.on('error', (err) => decoder.destroy(err));
    decoder.on('close', () => {
      if (!source.destroyed) source.destroy();
    });
    stream = source.pipe(decoder);
  }
  return stream;
}

/** UTF-8 text of a decoded stream, destroyed at the end. @throws BodyTooLargeError past `maxBytes`, or the stream's error. */
export async function readText(stream: Readable, maxBytes: number): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let size = 0;
  // Errors reach the loop through the iterator; this keeps an early destroy() from being "unhandled".
  stream.on('error', () => undefined);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
      text += decoder.write(chunk);
    }
    return text + decoder.end();
  } finally {
    if (!stream.destroyed) stream.destroy();
  }
}
