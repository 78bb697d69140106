import { SAMPLE_NOTE } from '../../../../shared/catalogue.js';
import type { Dataset } from '../../../../shared/schemas/dataset.js';

/** The catalogue's filter: free text and one market (`''` = all markets). */
export interface CatalogueFilter {
  query: string;
  source: string;
}

/** The filter a fresh catalogue starts with. */
export const EMPTY_FILTER: CatalogueFilter = { query: '', source: '' };

/** A match; `rank` = query terms found only in the description (0 = all in id or name), lower first. */
export interface RankedDataset {
  dataset: Dataset;
  rank: number;
}

/** Markdown → the text a reader sees (link text and code kept; URLs, HTML, markup dropped); approximate by design. */
export function markdownToPlainText(markdown: string): string {
  // Backslash escapes become placeholders first, so their characters survive the stripping.
  const escaped: string[] = [];
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => `\uE000${escaped.push(c) - 1}\uE001`)
    .replace(/^ {0,3}\[[^\]\n]+\]:\s*\S+(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*$/gm, '')
    .replace(/!\[[^\]\n]*\]\([^)\n]*\)/g, '')
    .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/\[([^\]\n]*)\]\[[^\]\n]*\]/g, '$1')
    .replace(/<(?:https?|ftp|mailto):[^>\s]*>/gi, '')
    .replace(/<\/?[A-Za-z][^>\n]*>/g, '')
    .replace(/\b(?:https?:\/\/|www\.)[^\s<>()[\]]*[^\s<>()[\].,;:!?'"]/gi, '')
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/`+/g, '')
    .replace(/\*+/g, '')
    .replace(/(^|[^\p{L}\p{N}_])_{1,2}(?=\S)([^_\n]*?\S)_{1,2}(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/\uE000(\d+)\uE001/g, (_, i: string) => escaped[Number(i)] ?? '');
}

const paragraphText = (paragraph: string): string => markdownToPlainText(paragraph).replace(/\s+/g, ' ').trim();

// The embedded service's closing note says nothing about the dataset: whole paragraphs equal to it are not searched.
const SAMPLE_NOTE_TEXT = paragraphText(SAMPLE_NOTE).toLowerCase();

/** What the catalogue search sees of a description: plain text without the sample note, lower-cased. */
export function descriptionSearchText(description: string | null | undefined): string {
  if (!description) return '';
  return description
    .split(/\n[ \t]*\n/)
    .map(paragraphText)
    .filter((text) => text && text.toLowerCase() !== SAMPLE_NOTE_TEXT)
    .join('\n')
    .toLowerCase();
}

/** Datasets of `source` whose id, name or description holds every term of `query`, by rank (docs/desktop.md#the-catalogue). */
export function searchDatasets(datasets: readonly Dataset[], filter: CatalogueFilter): RankedDataset[] {
  const terms = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const source = filter.source.toUpperCase();
  const ranked: RankedDataset[] = [];
  for (const d of datasets) {
    if (source && (d.source ?? '').toUpperCase() !== source) continue;
    if (terms.length === 0) {
      ranked.push({ dataset: d, rank: 0 });
      continue;
    }
    const title = `${d.id}\n${d.name}`.toLowerCase();
    let description: string | undefined; // computed only when a term is not in the id or name
    let rank = 0;
    const all = terms.every((t) => {
      if (title.includes(t)) return true;
      description ??= descriptionSearchText(d.description);
      rank += 1;
      return description.includes(t);
    });
    if (all) ranked.push({ dataset: d, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank);
}

/** {@link searchDatasets} without the ranks: the matching datasets, best matches first. */
export function filterDatasets(datasets: readonly Dataset[], filter: CatalogueFilter): Dataset[] {
  return searchDatasets(datasets, filter).map((r) => r.dataset);
}

/** The distinct markets in `datasets`, upper-cased and sorted, for the market `<select>`. */
export function sourceOptions(datasets: readonly Dataset[]): string[] {
  const set = new Set<string>();
  for (const d of datasets) if (d.source) set.add(d.source.toUpperCase());
  return [...set].sort((a, b) => a.localeCompare(b));
}
