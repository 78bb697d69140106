import type { DatasetStore } from '../data/store.js';
import { ExportFiles, type ExportSource } from './files.js';
import { EXPORT_BUCKET, EXPORT_URL_LIFETIME_SECONDS } from './keys.js';
import { UrlSigner } from './signing.js';

/** `secret` signs links (random per instance when omitted); `now` is a clock in epoch ms. */
export interface ExportServiceOptions {
  secret?: string | Buffer;
  now?: () => number;
  bucket?: string;
  expiresInSeconds?: number;
}

/** The export files and link signer of one server instance. */
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

  signedPath(key: string): string {
    const expires = this.signer.nowSeconds() + this.expiresInSeconds;
    const signature = this.signer.sign(this.bucket, key, expires);
    return `/exports/${this.bucket}/${key}?expires=${expires}&signature=${signature}`;
  }

  close(): Promise<void> {
    return this.files.close();
  }
}

const services = new WeakMap<DatasetStore, ExportService>();

/** The store's export service, shared by list, presign and download routes (one signing secret); later `options` are ignored. */
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
