/** `scheme://host[:port]` of a URL as WHATWG URL normalises it, or null when unparseable; the Remote key is bound to it. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `text` is an origin exactly as WHATWG URL writes one (`scheme://host[:port]`, nothing more). */
export const isOrigin = (text: string): boolean => originOf(text) === text;
