const secrets = new Set<string>();

export const REDACTED = '[redacted]';

/** Remembers `secret` so {@link redact} removes it from any text. Short strings (< 8 chars) are ignored. */
export function registerSecret(secret: string | null | undefined): void {
  if (secret && secret.length >= 8) secrets.add(secret);
}

export function forgetSecret(secret: string | null | undefined): void {
  if (secret) secrets.delete(secret);
}

const HEADER_OR_QUERY = /(x-api-key["']?\s*[:=]\s*["']?|api[_-]?key["']?\s*[:=]\s*["']?)([^\s"'&,;}]+)/gi;
// No `/`, so file paths stay readable (registered secrets cover keys with `/`); random keys mix cases, dataset ids do not.
const TOKEN = /[A-Za-z0-9_\-+=]{20,}/g;

function looksLikeKey(token: string): boolean {
  const hasDigit = /\d/.test(token);
  if (!hasDigit) return false;
  if (/^[0-9a-f]{24,}$/i.test(token) && /[a-f]/i.test(token)) return true;
  return /[A-Z]/.test(token) && /[a-z]/.test(token) && token.length >= 24;
}

/** `text` (any value) with registered keys, `x-api-key:`/`api_key=` values and key-like tokens replaced by `[redacted]`. */
export function redact(text: unknown): string {
  let out = typeof text === 'string' ? text : String(text);
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  out = out.replace(HEADER_OR_QUERY, (_m, prefix: string) => `${prefix}${REDACTED}`);
  return out.replace(TOKEN, (t) => (looksLikeKey(t) ? REDACTED : t));
}
