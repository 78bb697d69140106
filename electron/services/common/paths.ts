import envPaths from 'env-paths';

/**
 * Where Gridscope keeps its settings and keys outside Electron (web host, tests, CLI).
 *
 * Order: env `GRIDSCOPE_CONFIG_DIR` (tests and CI point it at a temp dir), else the platform's
 * config dir for "Gridscope" (e.g. `~/.config/Gridscope` on Linux). The desktop main process does
 * not call this: it passes `app.getPath('userData')` to `createServices` instead.
 */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GRIDSCOPE_CONFIG_DIR?.trim();
  if (fromEnv) return fromEnv;
  return envPaths('Gridscope', { suffix: '' }).config;
}

/** Cache dir for the embedded /v1 server when env `GRIDSCOPE_CACHE_DIR` is set, else undefined (server default). */
export function cacheDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.GRIDSCOPE_CACHE_DIR?.trim();
  return fromEnv ? fromEnv : undefined;
}
