import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA = path.join(ROOT, 'data');
const LICENSES = path.join(DATA, 'licenses');

const KINDS = ['BSD-3-Clause', 'MIT', 'AGPL-3.0', 'ODbL-1.0', 'CC-BY-4.0', 'ISC', 'custom', 'unknown'] as const;
type Kind = (typeof KINDS)[number];

const TEXT_MARKERS: Record<Exclude<Kind, 'unknown' | 'ISC'>, RegExp[]> = {
  'BSD-3-Clause': [
    /^Copyright \d{4} \S/m,
    /Redistributions of source code must retain the above copyright notice/,
    /Neither the name of the copyright holder nor the names of its contributors/,
  ],
  MIT: [/^Copyright \(c\) \d{4} \S/m, /Permission is hereby granted, free of charge/, /The above copyright notice and this permission notice/],
  'AGPL-3.0': [/GNU AFFERO GENERAL PUBLIC LICENSE/, /Version 3, 19 November 2007/, /END OF TERMS AND CONDITIONS/],
  'ODbL-1.0': [/^Copyright \(c\) [\d-]+ \S/m, /Open Database License \(ODbL\) v1\.0/, /opendatacommons\.org\/licenses\/odbl\/1-0/],
  'CC-BY-4.0': [
    /^Attribution 4\.0 International$/m,
    /Creative Commons Attribution 4\.0 International Public License/,
    /Section 3 -- License Conditions\./,
  ],
  custom: [/You may use, copy, modify, and share this project for any purpose/],
};

/** Licence files that say their text could not be retrieved: remove a name once its file holds the verbatim licence. */
const NOT_RETRIEVED = new Set(['gridstatus-gridstatusio.txt']);

const UNKNOWN_FILE = 'transcribed-unknown.txt';

interface SourceRow {
  file: string;
  repo: string | null;
  kind: Kind;
}

/** Table rows of data/SOURCES.md, with `same …` resolved against the row above. */
function sourceRows(): SourceRow[] {
  const text = readFileSync(path.join(DATA, 'SOURCES.md'), 'utf8');
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  expect(lines[0]).toMatch(/^\| folder \/ file \| origin .*\| repo licence \|/);
  expect(lines[1]).toMatch(/^\|(-+\|)+$/);
  const rows: SourceRow[] = [];
  for (const line of lines.slice(2)) {
    const cells = line.slice(1, -1).split(/ \| /).map((c) => c.trim());
    expect(cells, line).toHaveLength(5);
    const [file, origin, licence] = cells as [string, string, string];
    const previous = rows.at(-1);
    const repo = /^same\b/.test(origin) ? (previous?.repo ?? null) : (/\b([\w.-]+\/[\w.-]+) @ /.exec(origin)?.[1] ?? null);
    let kind: Kind | undefined;
    if (/^same\b/.test(licence)) kind = previous?.kind;
    else {
      const found = KINDS.map((k) => ({ k, at: licence.search(new RegExp(`(^|[^\\w-])${k.replace(/[.]/g, '\\.')}($|[^\\w-])`)) }))
        .filter((f) => f.at >= 0)
        .sort((a, b) => a.at - b.at);
      kind = found[0]?.k;
    }
    expect(kind, `licence of "${file}": ${licence}`).toBeDefined();
    rows.push({ file, repo, kind: kind! });
  }
  return rows;
}

/** The licence file a row needs, or null when the row ships nothing (`(not copied here)`). */
function licenceFileFor(row: SourceRow): string | null {
  if (row.file.startsWith('(not copied here)')) return null;
  if (row.repo) return `${row.repo.replace('/', '-')}.txt`;
  expect(row.kind, `"${row.file}" names no repository, so its licence must be unknown`).toBe('unknown');
  return UNKNOWN_FILE;
}

const read = (name: string) => readFileSync(path.join(LICENSES, name), 'utf8');

describe('data licences', () => {
  const rows = sourceRows();

  it('parses every licence the SOURCES.md table names', () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(KINDS));
    expect(rows.find((r) => r.file.includes('rgridstatus'))).toMatchObject({ repo: 'andypicke/rgridstatus', kind: 'MIT' });
    expect(rows.find((r) => r.file.includes('20171122pal'))).toMatchObject({ repo: 'WattTime/pyiso', kind: 'AGPL-3.0' });
    expect(rows.find((r) => r.file.includes('hubs_lz_centroids'))).toMatchObject({ repo: 'vergeman/ercotcongestion', kind: 'custom' });
    expect(rows.find((r) => r.file.includes('pjm_edart_linesout'))).toMatchObject({ repo: null, kind: 'unknown' });
  });

  it('has a file under data/licenses/ for every licence of every copied file', () => {
    const needed = new Map<string, Set<Kind>>();
    for (const row of rows) {
      const file = licenceFileFor(row);
      if (file) needed.set(file, (needed.get(file) ?? new Set()).add(row.kind));
    }
    // Every licence kind of a shipped file is covered (ISC: the basemap is not copied into data/).
    expect(new Set([...needed.values()].flatMap((k) => [...k]))).toEqual(new Set(KINDS.filter((k) => k !== 'ISC')));
    for (const [file, kinds] of needed) {
      expect(existsSync(path.join(LICENSES, file)), `data/licenses/${file}`).toBe(true);
      expect(kinds.size, `${file}: one repository, one licence`).toBe(1);
      const text = read(file);
      const kind = [...kinds][0]!;
      expect(text.split('\n', 1)[0], file).toContain(kind);
      if (kind === 'unknown') continue;
      if (NOT_RETRIEVED.has(file)) {
        expect(text, file).toContain('COULD NOT BE RETRIEVED');
        expect(text, `${file} must not invent a copyright line`).not.toMatch(/^Copyright\b/m);
        continue;
      }
      for (const marker of TEXT_MARKERS[kind as keyof typeof TEXT_MARKERS]) expect(text, `${file}: ${marker}`).toMatch(marker);
    }
    // No stray or stale licence files.
    expect(readdirSync(LICENSES).sort()).toEqual([...needed.keys()].sort());
  });

  it('lists every transcribed file of unknown origin in the unknown-licence file', () => {
    const text = read(UNKNOWN_FILE);
    const unknown = rows.filter((r) => r.kind === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    for (const row of unknown) expect(text).toContain(row.file);
  });

  it('keeps the CommonGrid licence beside its data identical to the upstream copy', () => {
    const beside = readFileSync(path.join(DATA, 'commongrid', 'LICENSE.ODbL.txt'), 'utf8');
    expect(read('TextureHQ-commongrid.txt').endsWith(beside)).toBe(true);
  });

  it('names every licence in the README and points at data/licenses/', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('## Data sources and licences');
    expect(start).toBeGreaterThanOrEqual(0);
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end < 0 ? undefined : end);
    expect(section).toContain('data/licenses/');
    for (const kind of KINDS) expect(section, kind).toContain(kind);
    expect(section).toMatch(/transcribed/i);
  });

  it('ships data/ (licences included) in the packaged app', () => {
    const builder = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as { files: string[] };
    expect(builder.files).toContain('data/**');
    expect(builder.files.filter((f) => f.startsWith('!') && /data|licen[cs]e|\.txt/i.test(f))).toEqual([]);
  });
});
