/**
 * `scheme://host[:port]` of a URL, normalised by WHATWG URL (case, default port); null when
 * unparseable. The Remote key is bound to this string (electron/services/vault/keyVault.ts).
 */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `text` is an origin exactly as WHATWG URL writes one (`scheme://host[:port]`, nothing more). */
export const isOrigin = (text: string): boolean => originOf(text) === text;
