import type { ReactNode } from 'react';
import type { ConstraintOverlap } from '../../../../shared/bridge/grid.js';
import { ErrorState } from '../../components/ErrorState.js';
import type { ConstraintFacts, Fact, OutageFacts } from './facts.js';
import { formatFigure, formatNumber, termOf } from '../../../../shared/vocabulary/index.js';

// An overlap's cost is the absolute cost of the intervals the outage overlapped; the detail page says it alike.
const cost = termOf('congestion_cost');

function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="map-facts">
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Head({
  title,
  badge,
  synthetic,
  onClear,
}: {
  title: string;
  badge: string | null;
  synthetic: string | null;
  onClear: () => void;
}) {
  return (
    <div className="map-popup-head">
      <h2>{title}</h2>
      {badge && <span className="badge warn">{badge}</span>}
      <button type="button" className="link-button clear-selection" onClick={onClear}>
        Clear selection
      </button>
      {synthetic && <p className="map-synthetic-note">{synthetic}</p>}
    </div>
  );
}

/** The selected constraint: the popup's facts, its observations in the shown window and the links. */
export function ConstraintSelection({ facts, onClear, note }: { facts: ConstraintFacts; onClear: () => void; note?: ReactNode }) {
  return (
    <section className="map-card map-selection" data-testid="map-selection" data-constraint-id={facts.id} aria-label="Selection">
      <Head title={facts.title} badge={facts.badge} synthetic={facts.synthetic} onClear={onClear} />
      {note}
      <FactList facts={facts.facts} />
      {facts.observations.length ? (
        <table className="map-observations">
          <caption>{facts.observationsCaption}</caption>
          <thead>
            <tr>
              <th>{facts.intervalHeader}</th>
              <th className="num">Shadow price ($/MWh)</th>
              <th>Contingency</th>
            </tr>
          </thead>
          <tbody>
            {facts.observations.map((o) => (
              <tr key={o.start}>
                <td className="nowrap">{o.start}</td>
                <td className="num">{o.shadowPrice}</td>
                <td>{o.contingency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Not binding in the shown window.</p>
      )}
      {facts.more > 0 && <p className="muted">… {facts.more.toLocaleString('en-US')} more</p>}
      <p className="map-links">
        <a href={facts.links.details}>Open details</a>
        <a href={facts.links.table}>Show in constraints table</a>
      </p>
    </section>
  );
}

/** What the overlap verb answered for the selected outage. */
export interface OverlapState {
  constraints: ConstraintOverlap[] | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
  distanceKm: number;
}

/** The selected outage: its facts, equipment and the binding constraints it overlapped (highlighted on the map). */
export function OutageSelection(props: {
  facts: OutageFacts;
  overlap: OverlapState;
  onClear: () => void;
  onSelectConstraint: (id: string) => void;
  detailsHref: (id: string) => string;
  /** The ticket's own page. */
  ticketHref: string;
}) {
  const { facts, overlap, onClear, onSelectConstraint, detailsHref, ticketHref } = props;
  return (
    <section className="map-card map-selection" data-testid="map-selection" data-ticket={facts.ticket} aria-label="Selection">
      <Head title={facts.title} badge={facts.badge} synthetic={facts.synthetic} onClear={onClear} />
      <p>
        <a href={ticketHref} data-testid="ticket-link" data-ticket={facts.ticket}>
          Ticket {facts.ticket}
        </a>
      </p>
      <FactList facts={[...facts.facts, { label: 'Causes', value: facts.causes.join('; ') || '—' }]} />
      <h3>Equipment ({facts.equipment.length})</h3>
      <ul className="map-equipment">
        {facts.equipment.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ul>
      <h3>Binding constraints it overlapped (within {overlap.distanceKm} km)</h3>
      {overlap.error ? (
        <ErrorState error={overlap.error} what="the overlapping constraints" verb="overlap:forOutage" onRetry={overlap.retry} />
      ) : overlap.loading || !overlap.constraints ? (
        <p className="muted" aria-busy="true">
          Looking for overlapping constraints…
        </p>
      ) : overlap.constraints.length === 0 ? (
        <p className="muted">None: no binding constraint within {overlap.distanceKm} km bound while this outage was out.</p>
      ) : (
        <ol className="overlap-list" data-testid="map-overlap-list">
          {overlap.constraints.map((c) => (
            <li key={c.constraint_gs_entity_id}>
              <button type="button" className="link-button" onClick={() => onSelectConstraint(c.constraint_gs_entity_id)}>
                {c.constraint_name}
              </button>
              <span className="muted">
                {' '}
                · {formatFigure(termOf('distance_km'), c.distance_km)} · {formatNumber(c.overlapping_intervals, 'count')}{' '}
                {c.overlapping_intervals === 1 ? 'interval' : 'intervals'} · {cost.label} {formatFigure(cost, c.congestion_cost)}{' '}
                ·{' '}
              </span>
              <a href={detailsHref(c.constraint_gs_entity_id)}>details</a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
