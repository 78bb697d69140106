import type { AddressInfo } from 'node:net';
import { ParentMessage } from '../shared/embedded/protocol.js';
import type { ChildMessage } from '../shared/embedded/protocol.js';
import { createServer } from './app.js';

// Entry of the embedded /v1 service process: forked by the desktop (built as out/main/embeddedChild.js) and by the web
// host (this file under tsx); messages in shared/embedded/protocol.ts. Closing the server writes the usage counters and
// releases DuckDB; losing the channel (the parent is gone) closes it too, so no process is left behind.

interface Channel {
  post(message: ChildMessage): void;
  onMessage(listener: (message: unknown) => void): void;
}

interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function parentChannel(): Channel | undefined {
  const port = (process as { parentPort?: ParentPortLike }).parentPort;
  if (port) return { post: (m) => port.postMessage(m), onMessage: (l) => port.on('message', (e) => l(e.data)) };
  const send = process.send?.bind(process);
  if (send) return { post: (m) => void send(m), onMessage: (l) => void process.on('message', l) };
  return undefined;
}

/** Longest wait for the server to close before exiting anyway, in ms (main kills us later still). */
const CLOSE_TIMEOUT_MS = 4_000;

const channel = parentChannel();
if (!channel) {
  process.stderr.write(
    'This is the Gridscope data service process: it is started by Gridscope, not by hand (npm run serve runs the /v1 service).\n',
  );
  process.exit(2);
}

let server: Awaited<ReturnType<typeof createServer>> | undefined;
let started = false;
let closing = false;

function shutdown(code: number): void {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(code), CLOSE_TIMEOUT_MS).unref();
  void Promise.resolve(server?.close())
    .catch(() => undefined)
    .finally(() => process.exit(code));
}

async function start(options: Extract<ParentMessage, { type: 'start' }>['options']): Promise<void> {
  try {
    server = await createServer({ ...options, logger: false });
    if (closing) return;
    await server.listen({ host: '127.0.0.1', port: 0 });
    channel!.post({ type: 'listening', port: (server.server.address() as AddressInfo).port });
  } catch (err) {
    channel!.post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    shutdown(1);
  }
}

channel.onMessage((raw) => {
  const parsed = ParentMessage.safeParse(raw);
  if (!parsed.success || closing) return;
  if (parsed.data.type === 'stop') shutdown(0);
  else if (!started) {
    started = true;
    void start(parsed.data.options);
  }
});
process.on('SIGTERM', () => shutdown(0));
// Ctrl+C in a terminal reaches the whole process group: main decides when this process stops.
process.on('SIGINT', () => undefined);
process.on('disconnect', () => shutdown(0));
channel.post({ type: 'ready' });
