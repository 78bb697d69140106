import { MAX_QUERY_LIMIT } from '../../../shared/bridge/contract.js';
import type { GsError } from '../../../shared/errors.js';
import { TIME_TEXT_HINT, timeTextError } from '../../../shared/time/grammar.js';

/** A form field a validation error can belong to (query form and Settings). */
export type FormField =
  | 'start'
  | 'end'
  | 'zone'
  | 'filterColumn'
  | 'filterOperator'
  | 'filterValue'
  | 'limit'
  | 'columns'
  | 'resampleFrequency'
  | 'resampleBy'
  | 'resampleFunction'
  | 'publishTime'
  | 'publishTimeStart'
  | 'publishTimeEnd'
  | 'key'
  | 'url';

/** A refusal shown by one field; `text` is a sentence without the field's name. */
export interface FieldError {
  field: FormField;
  text: string;
}

/** How the screens label each field. */
export const FIELD_LABELS: Record<FormField, string> = {
  start: 'Start',
  end: 'End',
  zone: 'Time zone',
  filterColumn: 'Filter column',
  filterOperator: 'Operator',
  filterValue: 'Filter value',
  limit: 'Row limit',
  columns: 'Columns',
  resampleFrequency: 'Resample to',
  resampleBy: 'Group by',
  resampleFunction: 'Aggregation',
  publishTime: 'Forecast vintage',
  publishTimeStart: 'Published from',
  publishTimeEnd: 'Published before',
  key: 'API key',
  url: 'Remote base URL',
};

// Bridge (`startTime`) and /v1 (`start_time`, docs/api.md#dataset-query) parameter names; neither reaches the screen.
const PARAMS: Record<string, FormField> = {
  startTime: 'start',
  start_time: 'start',
  endTime: 'end',
  end_time: 'end',
  timezone: 'zone',
  filter: 'filterColumn',
  'filter.column': 'filterColumn',
  filter_column: 'filterColumn',
  'filter.operator': 'filterOperator',
  filter_operator: 'filterOperator',
  'filter.value': 'filterValue',
  filter_value: 'filterValue',
  limit: 'limit',
  columns: 'columns',
  resampleFrequency: 'resampleFrequency',
  resample_frequency: 'resampleFrequency',
  resampleBy: 'resampleBy',
  resample_by: 'resampleBy',
  resampleFunction: 'resampleFunction',
  resample_function: 'resampleFunction',
  publishTime: 'publishTime',
  publish_time: 'publishTime',
  publishTimeStart: 'publishTimeStart',
  publish_time_start: 'publishTimeStart',
  publishTimeEnd: 'publishTimeEnd',
  publish_time_end: 'publishTimeEnd',
  key: 'key',
  baseUrl: 'url',
};

/** The form field of a parameter by its path (`['filter', 'value']`, `query.startTime`, `start_time`), else undefined. */
export function paramField(path: string | readonly PropertyKey[]): FormField | undefined {
  const parts = typeof path === 'string' ? path.replace(/^query\./, '').split('.') : path.map(String);
  return PARAMS[parts.join('.')] ?? PARAMS[parts[0] ?? ''];
}

const WORDS: [RegExp, string][] = [
  [/^Invalid input for [\w:]+:\s*/, ''],
  [/^[a-z]+:[a-zA-Z]+ failed:\s*/, ''],
  [/^The \/v1 server rejected the request \((\d{3})\):\s*/, ''],
  [/\bThe \/v1 server\b/g, 'The data service'],
  [/\bthe \/v1 server\b/g, 'the data service'],
  [/\bstart(?:_time|Time)\b/g, 'Start'],
  [/\bend(?:_time|Time)\b/g, 'End'],
  [/\bfilter(?:_value|\.value)\b/g, 'filter value'],
  [/\bfilter(?:_column|\.column)\b/g, 'filter column'],
  [/\bfilter(?:_operator|\.operator)\b/g, 'filter operator'],
  [/\bpage(?:_size|Size) or limit\b/g, 'page size or row limit'],
  [/\bpage(?:_size|Size)\b/g, 'page size'],
  [/\bpublish_time(?:_(start|end))?\b/g, 'publish time'],
  [/\bresample(?:_frequency|Frequency)\b/g, 'resampling interval'],
  [/\bresample(?:_by|By)\b/g, 'group by'],
  [/\bresample(?:_function|Function)\b/g, 'aggregation'],
  [/\btime_comparison\b/g, 'time comparison'],
  [/\btimezone\b/g, 'time zone'],
  [/\bdatasetId\b/g, 'dataset'],
  [/\brequestIds?\b/g, 'request id'],
];

/** `message` without bridge/proxy prefixes, names in screen words (`startTime must be before endTime.` → `Start must be before End.`). */
export function inUserWords(message: string): string {
  return WORDS.reduce((text, [pattern, words]) => text.replace(pattern, words), message.trim());
}

const capitalize = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const sentence = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Why a time text is refused, for its own field: `Not a date or date-time (…): use 2024-03-10, …`. */
export function timeProblem(text: string): string {
  const refusal = timeTextError(text)?.message;
  const at = refusal?.lastIndexOf(' is not a date or date-time') ?? -1;
  return refusal && at >= 0 ? `Not${refusal.slice(at + ' is not'.length)}` : `Not a date or date-time: ${TIME_TEXT_HINT}`;
}

/** How to write a resampling interval, in user words (docs/query.md#resampling). */
export const FREQUENCY_HINT =
  'Pick an interval from the list, or write a number and a unit such as 2 hours, 90 minutes or 3 days ' +
  '(minutes, hours, days, weeks, months, years).';

/** How to write a `latest_before` offset, in user words (docs/query.md#forecast-vintages). */
export const OFFSET_HINT =
  'Write an offset from the interval start such as -1 day, -6 hours or -1 day 6 hours (minutes, hours, days, weeks).';

function bridgeProblemText(field: FormField, message: string): string {
  switch (field) {
    case 'start':
    case 'end':
    case 'publishTimeStart':
    case 'publishTimeEnd':
      return /is not a date/.test(message)
        ? message.replace(/^'.*' is not/s, 'Not')
        : `Not a date or date-time: ${TIME_TEXT_HINT}`;
    case 'zone':
      return 'Not a time zone: pick one from the list or type an IANA zone such as America/Chicago.';
    case 'limit':
      return `A whole number from 1 to ${MAX_QUERY_LIMIT.toLocaleString('en-US')}.`;
    case 'columns':
      return 'Choose at least one column.';
    case 'resampleFrequency':
      return FREQUENCY_HINT;
    case 'resampleBy':
      return 'Choose the columns to group by from the list.';
    default:
      return sentence(capitalize(inUserWords(message.replace(/^[a-z]\w*(?: id)?:\s+/i, ''))));
  }
}

const SERVER_RULES: [RegExp, (m: RegExpExecArray) => FieldError][] = [
  [
    /\b(?:start(?:_time|Time) must be before end(?:_time|Time)|end(?:_time|Time) must be after start(?:_time|Time))\b/i,
    () => ({ field: 'end', text: 'End must be after Start.' }),
  ],
  [
    /Invalid (start_time|end_time|publish_time_start|publish_time_end) '([^']*)'/,
    (m) => ({ field: PARAMS[m[1]!]!, text: timeProblem(m[2]!) }),
  ],
  [
    /Invalid resample_frequency '([^']*)'/,
    (m) => ({ field: 'resampleFrequency', text: `"${m[1]}" is not an interval. ${FREQUENCY_HINT}` }),
  ],
  [/Invalid publish_time '[^']*': the offset/, () => ({ field: 'publishTime', text: OFFSET_HINT })],
  [/Invalid publish_time '([^']*)': expected/, (m) => ({ field: 'publishTime', text: timeProblem(m[1]!) })],
  [
    /has no publish time column/,
    () => ({ field: 'publishTime', text: 'This dataset has no forecast vintages (it has no publish time column).' }),
  ],
  [
    /Resampling requires a paid plan\.?(?: Your plan: (\w+))?/,
    (m) => ({
      field: 'resampleFrequency',
      text: `Resampling needs a paid plan${m[1] ? ` (yours: ${m[1]})` : ''}: choose "No resampling".`,
    }),
  ],
  [
    /Unknown timezone '([^']*)'/,
    (m) => ({
      field: 'zone',
      text: `"${m[1]}" is not a time zone the data service knows: pick one from the list or type an IANA zone such as America/Chicago.`,
    }),
  ],
  [/Column (\S+) not found in dataset/, (m) => ({ field: 'filterColumn', text: `This dataset has no column ${m[1]}.` })],
  [/filter_value is required/, () => ({ field: 'filterValue', text: 'Enter a value (a comma list for "in").' })],
  [
    /filter_value lists no values/,
    () => ({ field: 'filterValue', text: 'Enter one or more values separated by commas, e.g. WEST,N.Y.C.' }),
  ],
  [
    /filter_value lists more than (\d+) values/,
    (m) => ({ field: 'filterValue', text: `At most ${Number(m[1]).toLocaleString('en-US')} values in a list.` }),
  ],
  [
    /Invalid filter_value '([^']*)' for column (\S+) of type (\S+): expected (.*)$/,
    (m) => ({ field: 'filterValue', text: sentence(`"${m[1]}" is not a value of ${m[2]}: expected ${inUserWords(m[4]!)}`) }),
  ],
  [/Invalid filter_operator/, (m) => ({ field: 'filterOperator', text: sentence(inUserWords(m.input)) })],
];

/**
 * The field a `validation` error is about and what to say there, else undefined. Reads bridge schema refusals (a
 * `workspace:pull`'s under `query.`), main's estimate, the /v1 query texts (docs/api.md#dataset-query) and 422 bodies
 * flattened to `query.<param>: msg`; a `forbidden` refusal of resampling belongs to the resampling interval. `sent`, the
 * query refused, tells a missing grouping column from a missing filter column.
 */
export function fieldErrorOf(error: GsError, sent?: { resampleBy?: readonly string[] | undefined }): FieldError | undefined {
  const message = error.message.trim();
  const resamplingRefused = error.code === 'forbidden' && /Resampling requires a paid plan/.test(message);
  if (error.code !== 'validation' && !resamplingRefused) return undefined;
  const missing = /Column (\S+) not found in dataset/.exec(message);
  if (missing && sent?.resampleBy?.includes(missing[1]!))
    return { field: 'resampleBy', text: `This dataset has no column ${missing[1]}.` };
  for (const [pattern, make] of SERVER_RULES) {
    const m = pattern.exec(message);
    if (m) return make(m);
  }
  const bridge = /^Invalid input for [\w:]+: (.*)$/s.exec(message);
  if (bridge) {
    const [rawPath = '', ...rest] = bridge[1]!.split('; ')[0]!.split(': ');
    const field = paramField(rawPath);
    return field ? { field, text: bridgeProblemText(field, rest.join(': ')) } : undefined;
  }
  const flattened = /(?:^|:\s)(?:query|body)\.(\w+): (.*)$/.exec(message);
  const field = flattened ? PARAMS[flattened[1]!] : undefined;
  if (flattened && field) return { field, text: sentence(capitalize(inUserWords(flattened[2]!))) };
  return undefined;
}
