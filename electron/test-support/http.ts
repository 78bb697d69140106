import { request } from 'node:http';

/** Test helper: one raw HTTP/1.1 request (arbitrary Host, un-normalised paths), body as text. */
export function rawRequest(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A browser that opened the web host's start URL: the host's port and the `name=value` token cookie it was given. */
export interface Session {
  port: number;
  cookie: string;
}

/** Opens the start URL `/?token=<token>` like a browser. @throws unless it redirects with a `Set-Cookie`. */
export async function openSession(port: number, token: string): Promise<Session> {
  const r = await rawRequest(port, { path: `/?token=${encodeURIComponent(token)}` });
  const setCookie = [r.headers['set-cookie'] ?? []].flat()[0];
  if (r.status !== 302 || !setCookie) throw new Error(`the start URL answered ${r.status} without a cookie`);
  return { port, cookie: setCookie.split(';')[0] ?? '' };
}

/** A well-formed bridge call from our own page (same origin, with the session's cookie). */
export function bridgeCall(session: Session, verb: string, input: unknown = {}, headers: Record<string, string> = {}) {
  const { port, cookie } = session;
  return rawRequest(port, {
    method: 'POST',
    path: `/bridge/${verb}`,
    headers: {
      'content-type': 'application/json',
      'x-gridscope-bridge': '1',
      origin: `http://127.0.0.1:${port}`,
      cookie,
      ...headers,
    },
    body: JSON.stringify(input),
  });
}
