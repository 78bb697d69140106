import type { QueryEstimate } from '../../../../shared/bridge/contract.js';
import { describeError } from '../../components/errorText.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { formatCount } from '../../lib/format.js';
import type { LiveEstimate } from './useLiveEstimate.js';

/**
 * Props of {@link EstimatePanel}; `confirm` (awaiting confirmation) adds "Run anyway" and "Change query"; `compact` is one
 * line ("Estimated ≈ N rows") for beside a pull that has ended.
 */
export interface EstimatePanelProps {
  estimate: QueryEstimate;
  confirm?: { onRunAnyway: () => void; onDismiss: () => void };
  compact?: boolean;
  /** Before Run, as the form changes: says so, announces politely (never as an alert), and dims while a newer one comes. */
  preview?: { stale: boolean };
}

/** "≈ 1,204 rows", or "at most 1,204 rows" for an upper bound. */
const rowsText = (e: QueryEstimate): string => `${e.upperBound ? 'at most' : '≈'} ${formatCount(e.estimatedRows)} rows`;

/** The `datasets:estimate` forecast: "≈ N rows", its basis, and its warnings in a warning box. */
export function EstimatePanel({ estimate, confirm, compact = false, preview }: EstimatePanelProps) {
  const warn = estimate.warnings.length > 0;
  if (compact && !confirm)
    return (
      <p className="estimate-compact muted" data-testid="estimate" aria-label="Estimate" title={estimate.basis}>
        Estimated <strong data-testid="estimate-rows">{rowsText(estimate)}</strong>
      </p>
    );
  return (
    <section
      className={`estimate${warn ? ' warn' : ''}${preview?.stale ? ' stale' : ''}`}
      data-testid={preview ? 'estimate-preview' : 'estimate'}
      aria-label={preview ? 'Estimate before running' : 'Estimate'}
      aria-busy={preview?.stale || undefined}
      role={warn && !preview ? 'alert' : undefined}
    >
      <p className="estimate-rows">
        {preview && <span className="muted">This query costs </span>}
        <strong data-testid={preview ? 'estimate-preview-rows' : 'estimate-rows'}>{rowsText(estimate)}</strong>
        {estimate.remainingMonthlyRows !== null && (
          <span className="muted"> · {formatCount(estimate.remainingMonthlyRows)} rows left this month</span>
        )}
        {estimate.perResponseLimit !== null && (
          <span className="muted"> · {formatCount(estimate.perResponseLimit)} rows per response</span>
        )}
      </p>
      <details>
        <summary className="muted">How this was estimated</summary>
        <p className="muted estimate-basis">{estimate.basis}</p>
      </details>
      {warn && (
        <ul className="estimate-warnings" data-testid="estimate-warnings">
          {estimate.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {confirm && (
        <div className="actions">
          <button type="button" className="primary" onClick={confirm.onRunAnyway}>
            Run anyway
          </button>
          <button type="button" onClick={confirm.onDismiss}>
            Change query
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The estimate before Run (docs/desktop.md#the-query-page): the last answer for the form's query, dimmed while a newer
 * one is on its way; a quiet line while there is none yet, when the fields do not make a query, or when it failed.
 */
export function EstimatePreview({ live }: { live: LiveEstimate }) {
  let line: string | null = null;
  if (!live.ready) line = 'The estimate appears once the fields above make a query.';
  else if (live.error) line = `No estimate: ${describeError(toGsError(live.error)).message} Run still estimates first.`;
  else if (!live.estimate) line = 'Estimating the rows this query costs…';
  return (
    <div className="estimate-preview" aria-live="polite">
      {line !== null ? (
        <p className="muted" data-testid="estimate-preview-note">
          {line}
        </p>
      ) : (
        live.estimate && <EstimatePanel estimate={live.estimate} preview={{ stale: live.pending }} />
      )}
    </div>
  );
}
