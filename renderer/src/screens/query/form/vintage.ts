import type { PullQuery } from '../../../../../shared/bridge/workspace.js';
import type { DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { isPublishOffset } from '../../../../../shared/schemas/query.js';
import { isTimeText, parseTimeText } from '../../../../../shared/time/grammar.js';
import { OFFSET_HINT, timeProblem } from '../../../components/fieldErrors.js';
import type { FormField } from '../../../components/fieldErrors.js';

/** Which forecast vintages a pull keeps (docs/query.md#forecast-vintages); `all` sends no `publish_time`. */
export const VINTAGES = [
  { id: 'latest', label: 'Latest forecast per interval' },
  { id: 'latest_report', label: 'Latest report only' },
  { id: 'latest_before', label: 'Latest issued before a lead time…' },
  { id: 'exact', label: 'Issued at a given time…' },
  { id: 'all', label: 'All vintages' },
] as const;
export type Vintage = (typeof VINTAGES)[number]['id'];

/** What each vintage choice keeps, in one sentence under the select. */
export const VINTAGE_HINTS: Record<Vintage, string> = {
  latest: 'For each interval, the newest forecast published for it.',
  latest_report: 'Only the rows of the most recent publication.',
  latest_before: 'For each interval, the newest forecast published before interval start + the offset (-1 day: day-ahead).',
  exact: 'Only the forecast published at this time.',
  all: 'Every published forecast: several rows per interval.',
};

/** The vintage fields as typed; `vintageOffset` is read for `latest_before`, `vintageAt` for `exact`. */
export interface VintageFields {
  vintage: Vintage;
  vintageOffset: string;
  vintageAt: string;
  publishedFrom: string;
  publishedBefore: string;
}

type VintageParams = Pick<PullQuery, 'publishTime' | 'publishTimeStart' | 'publishTimeEnd'>;

function instant(text: string, zone: string): number | undefined {
  try {
    return parseTimeText(text, { zone }).epochMs;
  } catch {
    return undefined;
  }
}

/**
 * The pull's `publish_time`, `publish_time_start` and `publish_time_end`, or the problems by field: an offset such as
 * `-1 day`, times of the time grammar (read in `zone`), "Published before" after "Published from". Nothing at all for a
 * dataset without a `publish_time_column` (the server refuses them there).
 */
export function vintageParams(
  dataset: Pick<DatasetWithTimezone, 'publish_time_column'>,
  f: VintageFields,
  zone: string,
): { params: VintageParams } | { problems: Partial<Record<FormField, string>> } {
  if (!dataset.publish_time_column) return { params: {} };
  const problems: Partial<Record<FormField, string>> = {};
  let publishTime: string | undefined;
  if (f.vintage === 'latest' || f.vintage === 'latest_report') publishTime = f.vintage;
  else if (f.vintage === 'latest_before') {
    const offset = f.vintageOffset.trim();
    if (!offset) problems.publishTime = 'Enter an offset from the interval start, e.g. -1 day for the day-ahead forecast.';
    else if (!isPublishOffset(offset)) problems.publishTime = `"${offset}" is not an offset. ${OFFSET_HINT}`;
    else publishTime = `latest_before:${offset}`;
  } else if (f.vintage === 'exact') {
    const at = f.vintageAt.trim();
    if (!at) problems.publishTime = 'Enter the publish time of the forecast, e.g. 2024-10-01 04:00.';
    else if (!isTimeText(at)) problems.publishTime = timeProblem(at);
    else publishTime = at;
  }
  const from = f.publishedFrom.trim();
  const before = f.publishedBefore.trim();
  if (from && !isTimeText(from)) problems.publishTimeStart = timeProblem(from);
  if (before && !isTimeText(before)) problems.publishTimeEnd = timeProblem(before);
  if (from && before && !problems.publishTimeStart && !problems.publishTimeEnd) {
    const a = instant(from, zone);
    const b = instant(before, zone);
    if (a !== undefined && b !== undefined && b <= a)
      problems.publishTimeEnd = '"Published before" must be after "Published from".';
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    params: {
      ...(publishTime ? { publishTime } : {}),
      ...(from ? { publishTimeStart: from } : {}),
      ...(before ? { publishTimeEnd: before } : {}),
    },
  };
}
