/** The renderer's CSP (desktop and web host); `connect-src 'self'`: the page reaches only its own origin, never /v1. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Vite dev-server CSP: adds inline scripts (React refresh) and the HMR websocket of `devOrigin`. Never used packaged. */
export function devContentSecurityPolicy(devOrigin: string): string {
  const ws = devOrigin.replace(/^http/, 'ws');
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${ws}`).replace(
    "default-src 'self';",
    "default-src 'self'; script-src 'self' 'unsafe-inline';",
  );
}
