import { createServer, request as forward } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A node:http server in front of a real /v1 server (server/, started by the test) that forwards every request
 * unchanged and can misbehave on cue for the export downloads (`/exports/...`, docs/api.md#export-file-download).
 *
 * Forwarding keeps the client's `Host` header, so the presigned links the /v1 server builds from it
 * (docs/api.md#export-download-link) point back at this server and every download passes through its faults.
 * Bodies are forwarded as raw bytes, never decompressed. Download bodies are read whole from the /v1 server first
 * (export files are a few KB), then written to the client with the faults applied.
 */

/** The fault applied to a download request, if any. */
export type FaultKind = 'drop' | 'unavailable' | 'expired-cut' | 'expired' | 'gzip' | 'corrupt' | 'throttle';

/** One download request (`/exports/...`) as the fault server saw and answered it. */
export interface DownloadRequest {
  method: string;
  /** Pathname, e.g. `/exports/gridscope-exports/<object key>`. */
  path: string;
  /** The query without `?` (`expires=…&signature=…`): a new presigned link has a new one unless issued in the same second. */
  query: string;
  /** Request headers `range`, `if-range`, `accept-encoding` (null when absent). */
  range: string | null;
  ifRange: string | null;
  acceptEncoding: string | null;
  /** Status sent to the client. */
  status: number;
  /** Response validators sent (null when absent). */
  etag: string | null;
  lastModified: string | null;
  /** Body bytes written to the client so far (a dropped response stops short of its `content-length`). */
  bytesSent: number;
  /** Faults applied to this response, in the order applied. */
  faults: FaultKind[];
}

/** Every request (downloads and /v1 alike) in arrival order: method and URL (path + query). */
export interface SeenRequest {
  method: string;
  url: string;
}

/** The fault server. Faults are armed by the methods below and apply to download requests only. */
export interface FaultServer {
  /** `http://127.0.0.1:<port>`, no trailing slash: use it as the /v1 origin so links point here. */
  origin: string;
  /** The download requests in arrival order (a record is added when the status is chosen, then `bytesSent` grows). */
  downloads: DownloadRequest[];
  /** Every request in arrival order, downloads and /v1 calls (presigns) interleaved. */
  requests: SeenRequest[];
  /** Cuts the next `times` download responses (200/206) after `bytes` body bytes: ~150 ms of silence, then the socket is destroyed. */
  dropAfter(bytes: number, times?: number): void;
  /** Answers the next `count` download requests 503 `{"detail":"Service Unavailable"}` without asking the /v1 server. */
  unavailable(count: number): void;
  /**
   * A link expiring mid-download: the response that reaches `bytes` body bytes (counted from now, over all download
   * responses) is cut there, and the next download request (whatever its link) is answered 403
   * `{"detail":"Request has expired"}`. Requests after that one are forwarded: a fresh link succeeds.
   */
  expireAfter(bytes: number): void;
  /** Adds `Content-Encoding: gzip` to download responses with a body (the bytes stay those of the object). */
  gzipEncoding(on?: boolean): void;
  /** Sends download bodies at `bytesPerSecond` (in ~50 ms slices); null: at full speed. */
  throttle(bytesPerSecond: number | null): void;
  /** Flips (XOR 0xff) the middle byte of the body of the next `times` download responses (default: every one). */
  corrupt(times?: number): void;
  /** Disarms every fault; with `records`, also empties {@link downloads} and {@link requests}. */
  reset(records?: boolean): void;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

/** Headers that describe one hop, not the message: never copied between the two connections. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

const header = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
};

/** The start of a `bytes=<n>-` range (0 when absent or another form). */
export function rangeStart(range: string | null): number {
  const match = /^bytes=(\d+)-/.exec(range ?? '');
  return match ? Number(match[1]) : 0;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': data.length });
  res.end(data);
}

/** Resolves true once `chunk` is handed to the socket, false when the client went away first. */
function write(res: ServerResponse, chunk: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve(false);
    const gone = () => resolve(false);
    res.once('close', gone);
    res.write(chunk, (error) => {
      res.off('close', gone);
      resolve(!error);
    });
  });
}

/** How long a cut connection stays silent after its last byte before it is destroyed. */
const CUT_DELAY_MS = 150;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts a fault server on 127.0.0.1 (a free port) forwarding to `upstream` (`http://127.0.0.1:<port>` of the /v1
 * server). @throws when it cannot listen.
 */
export async function startFaultServer(upstream: string): Promise<FaultServer> {
  const target = new URL(upstream);
  const downloads: DownloadRequest[] = [];
  const requests: SeenRequest[] = [];
  let drop: { bytes: number; times: number } | null = null;
  let unavailable = 0;
  let expire: { bytes: number; served: number } | null = null;
  let expiredNext = false;
  let gzip = false;
  let bytesPerSecond: number | null = null;
  let corruptions = 0;

  /** Sends the request to the /v1 server with the client's headers (Host included) and body. */
  const upstreamResponse = (req: IncomingMessage): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const out = forward(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: endToEnd(req.headers) },
        resolve,
      );
      out.on('error', reject);
      req.pipe(out);
    });

  const relay = async (req: IncomingMessage, res: ServerResponse) => {
    const answer = await upstreamResponse(req);
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(res);
  };

  const download = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const record: DownloadRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      range: header(req.headers, 'range'),
      ifRange: header(req.headers, 'if-range'),
      acceptEncoding: header(req.headers, 'accept-encoding'),
      status: 0,
      etag: null,
      lastModified: null,
      bytesSent: 0,
      faults: [],
    };
    downloads.push(record);
    if (unavailable > 0) {
      unavailable -= 1;
      record.status = 503;
      record.faults.push('unavailable');
      return sendJson(res, 503, { detail: 'Service Unavailable' });
    }
    if (expiredNext) {
      expiredNext = false;
      record.status = 403;
      record.faults.push('expired');
      return sendJson(res, 403, { detail: 'Request has expired' });
    }
    const answer = await upstreamResponse(req);
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const status = answer.statusCode ?? 502;
    const headers = endToEnd(answer.headers);
    record.status = status;
    record.etag = header(answer.headers, 'etag');
    record.lastModified = header(answer.headers, 'last-modified');
    const success = status === 200 || status === 206;

    if (success && body.length > 0 && gzip) {
      headers['content-encoding'] = 'gzip';
      record.faults.push('gzip');
    }
    if (success && body.length > 0 && corruptions > 0) {
      corruptions -= 1;
      const at = Math.floor(body.length / 2);
      body[at] = body[at]! ^ 0xff;
      record.faults.push('corrupt');
    }
    // Where to cut the body, if anywhere: the first of the drop and the expiry points inside it.
    let cutAt: number | null = null;
    if (success && drop && drop.bytes < body.length) {
      cutAt = drop.bytes;
      drop.times -= 1;
      if (drop.times <= 0) drop = null;
      record.faults.push('drop');
    }
    if (success && expire && expire.served + body.length > expire.bytes) {
      const at = Math.max(0, expire.bytes - expire.served);
      if (cutAt === null || at < cutAt) cutAt = at;
      expire = null;
      expiredNext = true;
      record.faults.push('expired-cut');
    } else if (success && expire) expire.served += body.length;
    if (bytesPerSecond !== null) record.faults.push('throttle');

    res.writeHead(status, headers);
    const end = cutAt ?? body.length;
    let offset = 0;
    while (offset < end) {
      const rate = bytesPerSecond;
      const step = rate === null ? 64 * 1024 : Math.max(1, Math.floor(rate / 20));
      const piece = body.subarray(offset, Math.min(end, offset + step));
      if (!(await write(res, piece))) return;
      offset += piece.length;
      record.bytesSent = offset;
      if (rate !== null && offset < end) await pause((piece.length / rate) * 1000);
    }
    if (cutAt === null) return res.end();
    // The bytes reach the client's reader before the cut: cut in the same instant, undici would discard what it had
    // buffered but not yet handed on (a stream destroyed with an error drops its buffer), whatever the client does.
    await pause(CUT_DELAY_MS);
    res.socket?.destroy();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fault.invalid');
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    const handle = url.pathname.startsWith('/exports/') ? download(req, res, url) : relay(req, res);
    handle.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 502, { detail: `Fault server: ${String(error)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    downloads,
    requests,
    dropAfter: (bytes, times = 1) => void (drop = { bytes, times }),
    unavailable: (count) => void (unavailable = count),
    expireAfter: (bytes) => void (expire = { bytes, served: 0 }),
    gzipEncoding: (on = true) => void (gzip = on),
    throttle: (rate) => void (bytesPerSecond = rate),
    corrupt: (times = Number.POSITIVE_INFINITY) => void (corruptions = times),
    reset(records = false) {
      drop = null;
      unavailable = 0;
      expire = null;
      expiredNext = false;
      gzip = false;
      bytesPerSecond = null;
      corruptions = 0;
      if (records) {
        downloads.length = 0;
        requests.length = 0;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
