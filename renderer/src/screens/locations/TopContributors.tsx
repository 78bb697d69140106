import { hrefs } from '../../lib/router.js';
import type { Contributor } from './costs.js';
import { formatCost } from '../../features/constraints/format.js';

/** Props of {@link TopContributors}: the bars, largest |adjusted cost| first (see `topContributors`). */
export interface TopContributorsProps {
  items: Contributor[];
  constraintSearch: string;
}

/**
 * The top contributors as a horizontal bar list: one row per constraint (and contingency), bar length |adjusted cost|
 * relative to the largest, colour by sign. HTML rather than a uPlot canvas: ten long constraint names read better as
 * text beside their bars than as axis ticks, and the list is read out by screen readers as it is.
 */
export function TopContributors({ items, constraintSearch }: TopContributorsProps) {
  const largest = Math.max(...items.map((c) => Math.abs(c.adjusted)), 0);
  return (
    <figure className="top-contributors" data-testid="top-contributors">
      <figcaption>
        <strong>{items.length > 0 ? `Top ${items.length} contributors` : 'Top contributors'}</strong>{' '}
        <span className="muted">by |adjusted cost| ($/MW); bar colour gives the sign.</span>
      </figcaption>
      {items.length === 0 ? (
        <p className="muted">No constraint bound with a non-zero adjusted cost in this window.</p>
      ) : (
        <ol className="bar-list">
          {items.map((c) => (
            <li key={c.key} className="bar-row" data-testid="contributor" data-adjusted={c.adjusted}>
              <span className="bar-label">
                <a href={hrefs.constraint(c.constraintId, constraintSearch)}>{c.constraintName}</a>
                {c.contingencyName && <span className="muted"> · {c.contingencyName}</span>}
              </span>
              <span className="bar-track" aria-hidden="true">
                <span
                  className={c.adjusted < 0 ? 'bar negative' : 'bar positive'}
                  style={{ width: `${largest > 0 ? Math.max(1, (Math.abs(c.adjusted) / largest) * 100) : 0}%` }}
                />
              </span>
              <span className="bar-value num">{formatCost(c.adjusted)}</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
