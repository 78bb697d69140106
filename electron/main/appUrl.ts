/**
 * Which URLs are "our app" for the desktop window (CONVENTIONS.md §3, §6): the packaged
 * `file://…/renderer/index.html` (any hash or query), or, in development, any page of the Vite
 * dev server's origin. Used to check IPC senders and to block navigation. No Electron import.
 */

export interface AppUrlPolicy {
  /** The URL the window loads. */
  appUrl: string;
  /** True when `url` is our app page (file: same path) or on the dev server's origin. */
  isAppUrl(url: string): boolean;
  /** Origin of the dev server, or undefined for a file:// app. */
  devOrigin: string | undefined;
}

/**
 * @param appUrl `file:///…/out/renderer/index.html` or `http://localhost:5173/` (dev server).
 * @throws when `appUrl` is neither file: nor http(s).
 */
export function createAppUrlPolicy(appUrl: string): AppUrlPolicy {
  const app = new URL(appUrl);
  if (app.protocol === 'file:') {
    return {
      appUrl,
      devOrigin: undefined,
      isAppUrl(url) {
        const u = parse(url);
        return !!u && u.protocol === 'file:' && u.host === app.host && u.pathname === app.pathname;
      },
    };
  }
  if (app.protocol !== 'http:' && app.protocol !== 'https:') throw new Error(`unsupported app URL: ${appUrl}`);
  return {
    appUrl,
    devOrigin: app.origin,
    isAppUrl: (url) => parse(url)?.origin === app.origin,
  };
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
