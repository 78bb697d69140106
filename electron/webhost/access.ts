import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BRIDGE_HEADER, BRIDGE_PATH } from '../../shared/index.js';

/** A new launch token: 32 random bytes as base64url (43 characters). */
export function newLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when `presented` is the token; compares SHA-256 digests in constant time, so neither content nor length leaks. */
export function tokenMatches(presented: unknown, token: string): boolean {
  if (typeof presented !== 'string' || presented === '') return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** The token cookie's name, per port: browsers share cookies across a host's ports, and two web hosts must not clash. */
export function tokenCookieName(port: number): string {
  return `gridscope-token-${port}`;
}

/** Token cookie attributes: script-proof, first-party only, whole site, session. */
export const TOKEN_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'strict', path: '/', secure: false } as const;

/** What a refused request gets: the bridge's JSON `forbidden` Result, or the page that asks for the start URL. */
export interface Refusal {
  answer: 'json' | 'start-page';
  reason: string;
}

export interface AccessRules {
  port: number;
  token: string;
}

export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

export function isBridgePath(pathname: string): boolean {
  return pathname.startsWith(`${BRIDGE_PATH}/`);
}

/**
 * Why a request is refused, or undefined (docs/desktop.md#web-host-access): a foreign Host (DNS rebinding); for the bridge a
 * foreign Origin, a cross-site fetch, no token cookie, or no bridge header or JSON body (a plain form can send neither);
 * for pages no token cookie, except `/?token=…`, which the start route checks.
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

/** The 403 page without the token cookie; it never shows the token (whoever can read the terminal has it). */
export const START_PAGE = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Gridscope: open the start URL</title>
<h1>Open Gridscope with its start URL</h1>
<p>This Gridscope web host only answers browsers that opened the URL it printed when it started:
<code>Gridscope at http://127.0.0.1:&lt;port&gt;/?token=…</code> in the terminal that ran
<code>npm run web</code> (or <code>npm start</code>). Open that URL here.</p>
<p>The token changes every time the web host starts, so a URL from an earlier run no longer works.</p>
</html>
`;
