import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

// Every `docs/<file>.md#<anchor>` that code cites must name a heading of that file, slugged the way GitHub renders
// it, so a reader who follows the link lands where the comment says (docs/architecture.md#checks).
const ROOT = resolve(import.meta.dirname, '../..');
const CITATION = /docs\/([a-z0-9_-]+\.md)(?:#([a-z0-9_-]+))?/g;

function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => f && !f.startsWith('node_modules/') && existsSync(join(ROOT, f)));
}

/** The anchors GitHub gives the headings of a Markdown file (duplicates numbered `-1`, `-2`, as GitHub does). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    // GitHub slugs the heading's text: code spans keep their content, links their label.
    if (heading?.[1]) anchors.add(slugger.slug(heading[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
  }
  return anchors;
}

describe('docs anchors cited in code', () => {
  it('slugs headings as GitHub does', () => {
    const anchors = headingAnchors(
      '# A title\n## Forecast vintages\n```\n# not a heading\n```\n## Rows counted: `n`\n## Forecast vintages\n',
    );
    expect([...anchors]).toEqual(['a-title', 'forecast-vintages', 'rows-counted-n', 'forecast-vintages-1']);
  });

  it('every cited docs/*.md file and #anchor exists', () => {
    const docs = new Map<string, Set<string> | null>();
    const missing: string[] = [];
    let citations = 0;
    for (const file of trackedSources()) {
      for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(CITATION)) {
        const [, doc, anchor] = m as unknown as [string, string, string | undefined];
        citations += 1;
        if (!docs.has(doc)) {
          const path = join(ROOT, 'docs', doc);
          docs.set(doc, existsSync(path) ? headingAnchors(readFileSync(path, 'utf8')) : null);
        }
        const anchors = docs.get(doc);
        if (anchors === null) missing.push(`${file}: docs/${doc} does not exist`);
        else if (anchor && !anchors?.has(anchor)) missing.push(`${file}: docs/${doc}#${anchor} names no heading`);
      }
    }
    expect(citations).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
