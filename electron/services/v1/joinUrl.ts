/** A query value as the proxy takes it: absent (undefined/null) values are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/** `baseUrl` + `path` + query; @throws unless `path` starts with `/` and has no `.`/`..`, `\`, `//`, `?`, `#` (also decoded). */
export function joinUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): URL {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new Error(`Invalid /v1 path: ${path}`);
  }
  if (!path.startsWith('/') || /[\\?#]|\/\/|(^|\/)\.\.?(\/|$)/.test(decoded) || /[\\?#]/.test(path)) {
    throw new Error(`Invalid /v1 path: ${path}`);
  }
  const base = new URL(baseUrl);
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) url.searchParams.append(k, String(v));
  return url;
}
