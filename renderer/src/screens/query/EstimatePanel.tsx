import type { QueryEstimate } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';

/**
 * Props of {@link EstimatePanel}; `confirm` (awaiting confirmation) adds "Run anyway" and "Change query"; `compact` is one
 * line ("Estimated ≈ N rows") for beside a pull that has ended.
 */
export interface EstimatePanelProps {
  estimate: QueryEstimate;
  confirm?: { onRunAnyway: () => void; onDismiss: () => void };
  compact?: boolean;
}

/** The `datasets:estimate` forecast: "≈ N rows", its basis, and its warnings in a warning box. */
export function EstimatePanel({ estimate, confirm, compact = false }: EstimatePanelProps) {
  const warn = estimate.warnings.length > 0;
  if (compact && !confirm)
    return (
      <p className="estimate-compact muted" data-testid="estimate" aria-label="Estimate" title={estimate.basis}>
        Estimated{' '}
        <strong data-testid="estimate-rows">
          {estimate.upperBound ? 'at most' : '≈'} {formatCount(estimate.estimatedRows)} rows
        </strong>
      </p>
    );
  return (
    <section
      className={warn ? 'estimate warn' : 'estimate'}
      data-testid="estimate"
      aria-label="Estimate"
      role={warn ? 'alert' : undefined}
    >
      <p className="estimate-rows">
        <strong data-testid="estimate-rows">
          {estimate.upperBound ? 'at most' : '≈'} {formatCount(estimate.estimatedRows)} rows
        </strong>
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
