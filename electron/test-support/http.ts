import { request } from 'node:http';

/** Test helper: one raw HTTP/1.1 request (arbitrary Host, un-normalised paths), body as text. */
export function rawRequest(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: { host: `127.0.0.1:${port}`, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A well-formed bridge call from our own page. */
export function bridgeCall(port: number, verb: string, input: unknown = {}, headers: Record<string, string> = {}) {
  return rawRequest(port, {
    method: 'POST',
    path: `/bridge/${verb}`,
    headers: { 'content-type': 'application/json', 'x-gridscope-bridge': '1', origin: `http://127.0.0.1:${port}`, ...headers },
    body: JSON.stringify(input),
  });
}
