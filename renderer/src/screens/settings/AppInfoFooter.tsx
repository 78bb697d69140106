import { useAppInfo } from '../../lib/queries.js';

/** `app:info` at the bottom of Settings: name, version, host kind and platform. */
export function AppInfoFooter() {
  const info = useAppInfo();
  if (!info.data) return null;
  const i = info.data;
  return (
    <footer className="app-info muted" data-testid="app-info">
      {i.name} {i.version} · {i.host === 'desktop' ? 'desktop app' : 'web host'} · {i.platform}
      {i.versions.node ? ` · Node ${i.versions.node}` : ''}
      {i.versions.electron ? ` · Electron ${i.versions.electron}` : ''}
    </footer>
  );
}
