import type { DatasetStore } from '../data/store.js';
import { ExportFiles, type ExportSource } from './files.js';
import { EXPORT_BUCKET, EXPORT_URL_LIFETIME_SECONDS } from './keys.js';
import { UrlSigner } from './signing.js';

/**
 * The bulk-export service of one server instance: its files and its link signer. The authenticated
 * routes (list, presign) and the unauthenticated download route share it through
 * {@link exportServiceFor}, keyed by the dataset store, so both see the same signing secret.
 */

/** Options of {@link ExportService}. */
export interface ExportServiceOptions {
  /** HMAC key of presigned links; random per instance when omitted. */
  secret?: string | Buffer;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  bucket?: string;
  expiresInSeconds?: number;
}

export class ExportService {
  readonly files: ExportFiles;
  readonly signer: UrlSigner;
  readonly bucket: string;
  readonly expiresInSeconds: number;

  constructor(
    readonly source: ExportSource,
    options: ExportServiceOptions = {},
  ) {
    this.files = new ExportFiles(source);
    this.signer = new UrlSigner(options.secret, options.now);
    this.bucket = options.bucket ?? EXPORT_BUCKET;
    this.expiresInSeconds = options.expiresInSeconds ?? EXPORT_URL_LIFETIME_SECONDS;
  }

  /** Path and query of a signed download link for an object key, valid for `expiresInSeconds`. */
  signedPath(key: string): string {
    const expires = this.signer.nowSeconds() + this.expiresInSeconds;
    const signature = this.signer.sign(this.bucket, key, expires);
    return `/exports/${this.bucket}/${key}?expires=${expires}&signature=${signature}`;
  }

  /** Releases the export files' DuckDB instance. */
  close(): Promise<void> {
    return this.files.close();
  }
}

const services = new WeakMap<DatasetStore, ExportService>();

/**
 * The dataset store's export service, created on first call (with `options`, e.g. a configured
 * secret; later calls get the same service and ignore `options`).
 */
export function exportServiceFor(store: DatasetStore, options: ExportServiceOptions = {}): ExportService {
  let service = services.get(store);
  if (!service) {
    service = new ExportService(store, options);
    services.set(store, service);
  }
  return service;
}

/** Closes and forgets the dataset store's export service, if any. */
export async function closeExportServiceFor(store: DatasetStore): Promise<void> {
  const service = services.get(store);
  services.delete(store);
  await service?.close();
}
