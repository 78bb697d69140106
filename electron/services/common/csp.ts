/**
 * The renderer's Content-Security-Policy, shared by the desktop session and the web host
 * (CONVENTIONS.md §5: `connect-src 'self'` — the page can reach only its own origin, never /v1).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Development CSP for the Vite dev server: adds inline scripts (React refresh preamble) and the
 * HMR websocket of `devOrigin` (e.g. `http://localhost:5173`). Never used in a packaged app.
 */
export function devContentSecurityPolicy(devOrigin: string): string {
  const ws = devOrigin.replace(/^http/, 'ws');
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${ws}`).replace(
    "default-src 'self';",
    "default-src 'self'; script-src 'self' 'unsafe-inline';",
  );
}
