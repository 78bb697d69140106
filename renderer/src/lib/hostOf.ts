/** The host (with port) of a base URL, for badges and labels; the input itself when unparseable. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}
