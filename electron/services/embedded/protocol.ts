import { z } from 'zod';

/**
 * Messages between main and the embedded /v1 service process (child.ts), over the fork's IPC
 * channel (`process.send`) or Electron's `process.parentPort`. The sequence:
 * child `ready` → main `start` (key, folders, plan: never on the command line, where `ps` shows
 * it) → child `listening { port }` or `failed { message }`; main `stop` (or SIGTERM) → child closes
 * the server and exits 0.
 */

/** Name of the built child entry: electron.vite.config.ts emits `<name>.js` next to main's index.js, where main looks for it. */
export const BUILT_CHILD_NAME = 'embeddedChild';

/** What the /v1 server of the child is started with (server/app.ts `createServer` options). */
export const ChildServerOptions = z.object({
  apiKeys: z.array(z.string().min(1)).min(1),
  dataDir: z.string().min(1).optional(),
  cacheDir: z.string().min(1).optional(),
  plan: z.string().min(1).optional(),
});
export type ChildServerOptions = z.infer<typeof ChildServerOptions>;

/** main → child. */
export const ParentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), options: ChildServerOptions }),
  z.object({ type: z.literal('stop') }),
]);
export type ParentMessage = z.infer<typeof ParentMessage>;

/** child → main. `port` is the TCP port on 127.0.0.1 the /v1 server listens on. */
export const ChildMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('listening'), port: z.number().int().min(1).max(65_535) }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;
