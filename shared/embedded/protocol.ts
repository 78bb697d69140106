import { z } from 'zod';

// The messages between the desktop or web host (electron/services/embedded) and the embedded /v1 service process
// (server/embeddedChild.ts): both sides parse what they receive with these schemas.

/** Built child entry: electron.vite.config.ts emits `<name>.js` next to main's index.js, where main looks for it. */
export const BUILT_CHILD_NAME = 'embeddedChild';

/** Options of the child's /v1 server (server/app.ts `createServer`): sent in `start`, never on the command line (`ps`). */
export const ChildServerOptions = z.object({
  apiKeys: z.array(z.string().min(1)).min(1),
  dataDir: z.string().min(1).optional(),
  cacheDir: z.string().min(1).optional(),
  plan: z.string().min(1).optional(),
});
export type ChildServerOptions = z.infer<typeof ChildServerOptions>;

/** main → child: `start` once the child said `ready`; `stop` (or SIGTERM) closes the server and exits 0. */
export const ParentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), options: ChildServerOptions }),
  z.object({ type: z.literal('stop') }),
]);
export type ParentMessage = z.infer<typeof ParentMessage>;

/** child → main: `ready`, then `listening` on 127.0.0.1:`port` or `failed`. */
export const ChildMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('listening'), port: z.number().int().min(1).max(65_535) }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;
