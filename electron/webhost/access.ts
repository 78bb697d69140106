import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BRIDGE_HEADER, BRIDGE_PATH } from '../../shared/index.js';

/**
 * Who may use the web host. Like Jupyter, each launch makes a random token and prints it in the
 * start URL (`/?token=<token>`); opening that URL sets a cookie holding the token, and from then
 * on every request must carry the cookie. Any local process or web page can reach 127.0.0.1, so
 * the token is what keeps other users' programs and cross-site pages from the bridge (which can
 * set keys and spend the API quota). Host and Origin checks stop DNS rebinding and CSRF.
 */

/** A new launch token: 32 random bytes from node:crypto as base64url (43 characters). */
export function newLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * True when `presented` is the launch token. Compares SHA-256 digests with `timingSafeEqual`, so
 * neither the content nor the length of the token leaks through timing. Non-strings are false.
 */
export function tokenMatches(presented: unknown, token: string): boolean {
  if (typeof presented !== 'string' || presented === '') return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * Name of the cookie holding the token for the host on `port`. Browsers share cookies between all
 * ports of a host, so a per-port name keeps two web hosts (or test workers) from overwriting each other's.
 */
export function tokenCookieName(port: number): string {
  return `gridscope-token-${port}`;
}

/** `Set-Cookie` attributes of the token cookie: script-proof, first-party only, for the whole site; a session cookie. */
export const TOKEN_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'strict', path: '/', secure: false } as const;

/** What a refused request gets: the bridge's JSON `forbidden` Result, or the page that asks for the start URL. */
export interface Refusal {
  answer: 'json' | 'start-page';
  reason: string;
}

/** Everything {@link refusal} checks a request against. */
export interface AccessRules {
  port: number;
  token: string;
}

/** Path part of the request URL (before `?`). */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/** True for `/bridge/<verb>` paths. */
export function isBridgePath(pathname: string): boolean {
  return pathname.startsWith(`${BRIDGE_PATH}/`);
}

/**
 * Decides whether a request may go on, or why not:
 * - every request: `Host` must be `127.0.0.1:<port>` or `localhost:<port>` (DNS rebinding) → JSON 403;
 * - bridge calls: `Origin`, when sent, must be one of those two origins; `Sec-Fetch-Site` must not be
 *   `cross-site`; the token cookie must match; the `x-gridscope-bridge` header must be present and
 *   the body `application/json` (a plain form cannot send either) → JSON 403;
 * - pages and assets: the token cookie must match, except `/?token=…`, which the start route
 *   checks itself → 403 with the start page.
 * Returns undefined when the request may go on.
 */
export function refusal(request: FastifyRequest, rules: AccessRules): Refusal | undefined {
  const hosts = [`127.0.0.1:${rules.port}`, `localhost:${rules.port}`];
  const { headers } = request;
  if (!hosts.includes((headers.host ?? '').toLowerCase())) return { answer: 'json', reason: 'unexpected Host header' };
  const pathname = pathOf(request);
  const cookieOk = tokenMatches(request.cookies[tokenCookieName(rules.port)], rules.token);
  if (isBridgePath(pathname)) {
    const json = (reason: string): Refusal => ({ answer: 'json', reason });
    const origin = headers.origin;
    if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin.toLowerCase())) return json('foreign Origin');
    if (headers['sec-fetch-site'] === 'cross-site') return json('cross-site request');
    if (!cookieOk) return json('missing or wrong access token: open the URL printed by `npm run web`');
    if (headers[BRIDGE_HEADER] === undefined) return json(`missing ${BRIDGE_HEADER} header`);
    const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return json('content-type must be application/json');
    return undefined;
  }
  if (cookieOk) return undefined;
  if (pathname === '/' && (request.query as Record<string, unknown>).token !== undefined) return undefined;
  return { answer: 'start-page', reason: 'no access token' };
}

/**
 * The 403 page for a browser without the token cookie (or with a stale start URL). It never shows
 * the token: whoever can read the terminal already has it.
 */
export const START_PAGE = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Gridscope: open the start URL</title>
<h1>Open Gridscope with its start URL</h1>
<p>This Gridscope web host only answers browsers that opened the URL it printed when it started:
<code>Gridscope at http://127.0.0.1:&lt;port&gt;/?token=…</code> in the terminal that ran
<code>npm run web</code> (or <code>npm start</code>). Open that URL here.</p>
<p>The token changes every time the web host starts, so a URL from an earlier run no longer works.</p>
</html>
`;
