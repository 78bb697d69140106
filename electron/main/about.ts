import type { AboutPanelOptionsOptions } from 'electron';

/** Origins and licences of the embedded samples, one line each (data/SOURCES.md has the full table). */
export const DATA_LICENCES = [
  'PJM, ISO-NE, CAISO and SPP samples: test fixtures of gridstatus (BSD-3-Clause)',
  'NYISO MIS files: fixtures of pyiso (repository AGPL-3.0)',
  'ISO footprints and pricing nodes: CommonGrid (ODbL-1.0)',
  'Catalogue facts: gridstatusio (BSD-3-Clause), rgridstatus (MIT)',
  'Market data remains subject to each ISO’s website or data terms.',
] as const;

/** Copyright line of the About panel. */
export const COPYRIGHT = 'Copyright © 2026 Gridscope';

/** "Electron 45.4.1 · Chromium 140.0 · Node 22.20.0" from process.versions-like input. */
export function versionLine(versions: Record<string, string | undefined>): string {
  const names: [string, string][] = [
    ['electron', 'Electron'],
    ['chrome', 'Chromium'],
    ['node', 'Node'],
  ];
  return names.flatMap(([k, label]) => (versions[k] ? [`${label} ${versions[k]}`] : [])).join(' · ');
}

/** `app.setAboutPanelOptions` input: each OS shows other fields, so licences go to `credits` (macOS, Windows) and `authors`. */
export function aboutPanelOptions(
  appVersion: string,
  versions: Record<string, string | undefined>,
  iconPath?: string,
): AboutPanelOptionsOptions {
  const line = versionLine(versions);
  return {
    applicationName: 'Gridscope',
    applicationVersion: appVersion,
    version: line,
    copyright: `${COPYRIGHT}\n${line}`,
    credits: ['Embedded data:', ...DATA_LICENCES].join('\n'),
    authors: ['Embedded data:', ...DATA_LICENCES],
    ...(iconPath ? { iconPath } : {}),
  };
}
