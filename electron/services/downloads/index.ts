/** The download manager in main (docs/downloads.md): the queue, the library of verified export files, local review files. */
export { createDownloadManager } from './manager.js';
export type { DownloadManager, DownloadManagerOptions, EnqueueRequest, LocalFiles, Presign, PresignedLink } from './types.js';
