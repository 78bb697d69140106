import { APP_SCHEME } from './appProtocol.js';

/** Which URLs are our app (for IPC senders and navigation): the packaged page (any hash or query) or the dev server's origin. */
export interface AppUrlPolicy {
  appUrl: string;
  isAppUrl(url: string): boolean;
  devOrigin: string | undefined;
}

/**
 * The policy of `appUrl`: the `app://` page (only that page of that host is ours: another path is not) or the dev
 * server's http(s) URL (its whole origin). @throws Error for any other scheme, `file:` included (the renderer is never
 * loaded from a file: docs/desktop.md#security-checklist).
 */
export function createAppUrlPolicy(appUrl: string): AppUrlPolicy {
  const app = new URL(appUrl);
  if (app.protocol === `${APP_SCHEME}:`) {
    return {
      appUrl,
      devOrigin: undefined,
      isAppUrl(url) {
        const u = parse(url);
        return !!u && u.protocol === app.protocol && u.host.toLowerCase() === app.host && u.pathname === app.pathname;
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
