import type { PathResults, PathRow, PathSide } from '../../../../shared/bridge/paths.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatNumber } from '../../../../shared/vocabulary/index.js';
import { hrefs } from '../../lib/router.js';

/** How many constraints the bar list shows. */
export const TOP_CONTRIBUTORS = 10;

/** The rows with the largest |cost| on `side` in the bucket of `peak`, largest first, without the zero ones. */
export function topPathRows(rows: readonly PathRow[], side: PathSide, peak: PeakFilter, n = TOP_CONTRIBUTORS): PathRow[] {
  const v = (r: PathRow) => Math.abs(r[side]?.cost[peak] ?? 0);
  return rows
    .filter((r) => v(r) > 0)
    .sort((a, b) => v(b) - v(a))
    .slice(0, n);
}

/**
 * The top contributors to the path's congestion as a horizontal bar list (real-time, else day-ahead): bar length
 * |$/MW| against the largest, colour by sign. HTML bars, as the location page's: long constraint names read better as
 * text beside their bars than as axis ticks.
 */
export function PathContributors(props: { answer: PathResults['paths:congestion']; peak: PeakFilter; constraintSearch: string }) {
  const { answer, peak, constraintSearch } = props;
  const side: PathSide = answer.totals.rt ? 'rt' : 'da';
  const items = topPathRows(answer.rows, side, peak);
  const largest = Math.max(0, ...items.map((r) => Math.abs(r[side]!.cost[peak])));
  return (
    <figure className="top-contributors" data-testid="path-contributors">
      <figcaption>
        <strong>Top {items.length || ''} contributors</strong>{' '}
        <span className="muted">{side === 'rt' ? 'real-time' : 'day-ahead'} congestion, $/MW; bar colour gives the sign</span>
      </figcaption>
      {items.length === 0 ? (
        <p className="muted">No constraint moved this path’s price in these hours.</p>
      ) : (
        <ol className="bar-list">
          {items.map((r) => {
            const v = r[side]!.cost[peak];
            return (
              <li
                key={`${r.constraint_gs_entity_id}|${r.contingency_gs_entity_id ?? ''}`}
                className="bar-row"
                data-testid="path-contributor"
                data-value={v}
              >
                <span className="bar-label">
                  <a href={hrefs.constraint(r.constraint_gs_entity_id, constraintSearch)}>{r.constraint_name}</a>
                  {r.contingency_name && <span className="muted"> · {r.contingency_name}</span>}
                </span>
                <span className="bar-track" aria-hidden="true">
                  <span
                    className={v < 0 ? 'bar negative' : 'bar positive'}
                    style={{ width: `${largest > 0 ? Math.max(1, (Math.abs(v) / largest) * 100) : 0}%` }}
                  />
                </span>
                <span className="bar-value num">{formatNumber(v, 'money')}</span>
              </li>
            );
          })}
        </ol>
      )}
    </figure>
  );
}
