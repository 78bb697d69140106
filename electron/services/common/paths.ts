import envPaths from 'env-paths';

/** Settings and keys folder outside Electron: env `GRIDSCOPE_CONFIG_DIR`, else the platform's (`~/.config/Gridscope`). */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GRIDSCOPE_CONFIG_DIR?.trim();
  if (fromEnv) return fromEnv;
  return envPaths('Gridscope', { suffix: '' }).config;
}

export function cacheDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.GRIDSCOPE_CACHE_DIR?.trim();
  return fromEnv ? fromEnv : undefined;
}

/** The web host's downloads folder for export files: env `GRIDSCOPE_DOWNLOADS_DIR` (docs/downloads.md#the-downloads-folder). */
export function downloadsDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.GRIDSCOPE_DOWNLOADS_DIR?.trim() || undefined;
}
