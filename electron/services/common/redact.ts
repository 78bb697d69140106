/**
 * Key redaction for every message, log line and error that leaves a service (CONVENTIONS.md §5, §14).
 *
 * Two layers: exact matches of every key the vault or the embedded server has handled (registered
 * with {@link registerSecret}), and patterns that look like a key in a header or query string
 * (`x-api-key: …`, `api_key=…`) or a long random token (mixed case + digits, or long hex).
 */

const secrets = new Set<string>();

/** Placeholder that replaces a secret in text. */
export const REDACTED = '[redacted]';

/** Remembers `secret` so {@link redact} removes it from any text. Short strings (< 8 chars) are ignored. */
export function registerSecret(secret: string | null | undefined): void {
  if (secret && secret.length >= 8) secrets.add(secret);
}

/** Forgets a secret registered with {@link registerSecret} (after the user clears the key). */
export function forgetSecret(secret: string | null | undefined): void {
  if (secret) secrets.delete(secret);
}

const HEADER_OR_QUERY = /(x-api-key["']?\s*[:=]\s*["']?|api[_-]?key["']?\s*[:=]\s*["']?)([^\s"'&,;}]+)/gi;
// No `/` in the class: file paths must stay readable; registered secrets cover base64 keys with `/`.
const TOKEN = /[A-Za-z0-9_\-+=]{20,}/g;

function looksLikeKey(token: string): boolean {
  const hasDigit = /\d/.test(token);
  if (!hasDigit) return false;
  if (/^[0-9a-f]{24,}$/i.test(token) && /[a-f]/i.test(token)) return true;
  // Random base64(url) keys mix upper case, lower case and digits; dataset ids are lower case.
  return /[A-Z]/.test(token) && /[a-z]/.test(token) && token.length >= 24;
}

/**
 * Returns `text` with registered secrets and key-looking tokens replaced by `[redacted]`.
 * Safe on any string; non-strings are stringified first.
 */
export function redact(text: unknown): string {
  let out = typeof text === 'string' ? text : String(text);
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  out = out.replace(HEADER_OR_QUERY, (_m, prefix: string) => `${prefix}${REDACTED}`);
  return out.replace(TOKEN, (t) => (looksLikeKey(t) ? REDACTED : t));
}
