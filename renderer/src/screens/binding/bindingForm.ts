import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { MAX_BINDING_ROWS } from '../../../../shared/bridge/workspace.js';
import { readWindow } from '../../features/constraints/window.js';
import type { WindowText } from '../../features/constraints/window.js';
import type { MarketTime } from '../../features/time/marketTime.js';

/** The binding form as typed. */
export interface BindingFields extends WindowText {
  datasetId: string;
  /** $/MWh; blank = no threshold. */
  threshold: string;
  limit: string;
}

/** A field of the binding form a problem can belong to. */
export type BindingField = 'dataset' | 'start' | 'end' | 'threshold' | 'limit';
export type BindingProblems = Partial<Record<BindingField, string>>;

/** What "Pull binding rows" sends: the choice (dataset and window), the threshold and the row limit. */
export interface BindingRequest {
  choice: GridChoice;
  threshold: number | null;
  limit: number;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Checks the typed form: a window that reads in `time`'s zone with End after Start, a threshold that is blank or a number of $/MWh
 * ≥ 0 (the service keeps |shadow price| > threshold), a whole row limit from 1 to 100,000 (docs/api.md#binding-rows).
 */
export function readBindingFields(
  f: BindingFields,
  market: string,
  time: MarketTime,
): { request: BindingRequest } | { problems: BindingProblems } {
  const problems: BindingProblems = {};
  const window = readWindow(f, time);
  if ('problems' in window) Object.assign(problems, window.problems);
  const t = f.threshold.trim();
  const threshold = t === '' ? null : NUMBER.test(t) ? Number(t) : NaN;
  if (threshold !== null && Number.isNaN(threshold))
    problems.threshold = 'A number of $/MWh, e.g. 50; leave it blank for every binding row.';
  else if (threshold !== null && threshold < 0)
    problems.threshold = 'The threshold is compared with |shadow price|: use 0 or more $/MWh.';
  const l = f.limit.trim().replace(/,/g, '');
  const limit = /^\d+$/.test(l) ? Number(l) : NaN;
  if (!(limit >= 1 && limit <= MAX_BINDING_ROWS))
    problems.limit = `A whole number of rows from 1 to ${MAX_BINDING_ROWS.toLocaleString('en-US')}.`;
  if (!f.datasetId) problems.dataset = 'Choose a constraint dataset.';
  if (Object.keys(problems).length > 0 || 'problems' in window) return { problems };
  return { request: { choice: { datasetId: f.datasetId, market, ...window.window }, threshold, limit } };
}
