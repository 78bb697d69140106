import { SAMPLE_NOTE } from '../../../shared/catalogue.js';
import type { Dataset } from '../../../shared/schemas/dataset.js';

/** The catalogue's filter: free text and one market (`''` = all markets). */
export interface CatalogueFilter {
  query: string;
  /** Upper-case market, e.g. `PJM`; empty for all markets. */
  source: string;
}

/** The filter a fresh catalogue starts with. */
export const EMPTY_FILTER: CatalogueFilter = { query: '', source: '' };

/**
 * A dataset that passed the filter and how well it matched: `rank` is the number of query terms
 * found only in the description (0 = every term is in the id or name). Lower ranks list first.
 */
export interface RankedDataset {
  dataset: Dataset;
  rank: number;
}

/**
 * Markdown to the text a reader sees, for searching: link and image targets, bare URLs, raw HTML
 * and Markdown punctuation (emphasis, code ticks, headings, list and quote markers) are dropped;
 * link text and code contents stay. Approximate by design (no Markdown parser in the filter path).
 */
export function markdownToPlainText(markdown: string): string {
  // Backslash escapes (`\*`) become placeholders first, so their characters survive the stripping.
  const escaped: string[] = [];
  return (
    markdown
      .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => `\uE000${escaped.push(c) - 1}\uE001`)
      // Link reference definitions: `[ref]: https://… "title"`.
      .replace(/^ {0,3}\[[^\]\n]+\]:\s*\S+(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*$/gm, '')
      // Images render nothing in the description (they are disallowed and unwrapped).
      .replace(/!\[[^\]\n]*\]\([^)\n]*\)/g, '')
      // Inline links `[text](url "title")` and reference links `[text][ref]`: keep the text.
      .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      .replace(/\[([^\]\n]*)\]\[[^\]\n]*\]/g, '$1')
      // Autolinks `<https://…>`, raw HTML tags, then bare URLs.
      .replace(/<(?:https?|ftp|mailto):[^>\s]*>/gi, '')
      .replace(/<\/?[A-Za-z][^>\n]*>/g, '')
      .replace(/\b(?:https?:\/\/|www\.)[^\s<>()[\]]*[^\s<>()[\].,;:!?'"]/gi, '')
      // Block markers at line starts: headings, quotes, list bullets and numbers.
      .replace(/^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
      // Inline code ticks, strong/emphasis asterisks, and `_emphasis_` (not snake_case).
      .replace(/`+/g, '')
      .replace(/\*+/g, '')
      .replace(/(^|[^\p{L}\p{N}_])_{1,2}(?=\S)([^_\n]*?\S)_{1,2}(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/\uE000(\d+)\uE001/g, (_, i: string) => escaped[Number(i)] ?? '')
  );
}

/** A paragraph's rendered text ({@link markdownToPlainText}), whitespace collapsed. */
const paragraphText = (paragraph: string): string => markdownToPlainText(paragraph).replace(/\s+/g, ' ').trim();

/**
 * The rendered, lower-cased text of the closing paragraph that the embedded /v1 service adds to
 * every description ({@link SAMPLE_NOTE}, shared with the server). It says nothing about the
 * dataset, so it is not searched. Matched against the rendered text of a whole paragraph, so a
 * description that merely quotes it keeps the rest.
 */
const SAMPLE_NOTE_TEXT = paragraphText(SAMPLE_NOTE).toLowerCase();

/**
 * The part of a description that the catalogue search looks at: its rendered plain text
 * ({@link markdownToPlainText}) without the shared sample note paragraph, lower-cased, with
 * whitespace collapsed.
 */
export function descriptionSearchText(description: string | null | undefined): string {
  if (!description) return '';
  return description
    .split(/\n[ \t]*\n/)
    .map(paragraphText)
    .filter((text) => text && text.toLowerCase() !== SAMPLE_NOTE_TEXT)
    .join('\n')
    .toLowerCase();
}

/**
 * Datasets whose id, name or description ({@link descriptionSearchText}) contains every
 * whitespace-separated term of `query` (case-insensitive), and whose source equals `source`
 * (case-insensitive) when one is chosen. Ordered by rank (terms found only in the description),
 * keeping the input order within a rank.
 */
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
  // Array.prototype.sort is stable (ES2019), so equal ranks keep the input order.
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
