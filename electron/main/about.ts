import type { AboutPanelOptionsOptions } from 'electron';

/**
 * The About panel (issue 5 §5): versions and the licences of the embedded data (data/SOURCES.md).
 * `app.setAboutPanelOptions` fills the native panel on macOS and the About message box on Windows
 * and Linux; each platform shows a different subset of fields, so the facts are spread to reach all.
 */

/** Where the embedded samples come from, one line each (data/SOURCES.md has the full table). */
export const DATA_LICENCES = [
  'PJM, ISO-NE, CAISO and SPP samples: test fixtures of gridstatus (BSD-3-Clause)',
  'NYISO MIS files: fixtures of pyiso (repository AGPL-3.0)',
  'ISO footprints and pricing nodes: CommonGrid (ODbL-1.0)',
  'Catalogue facts: gridstatusio (BSD-3-Clause), rgridstatus (MIT)',
  'Market data remains subject to each ISO’s website or data terms.',
] as const;

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

/**
 * Options for `app.setAboutPanelOptions`. macOS shows name, version, `version` (build line) and
 * `credits`; Windows shows name, version, copyright and credits; Linux shows name, version,
 * copyright and `authors` — so the licences go to `credits` and to `authors`.
 */
export function aboutPanelOptions(appVersion: string, versions: Record<string, string | undefined>, iconPath?: string): AboutPanelOptionsOptions {
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
