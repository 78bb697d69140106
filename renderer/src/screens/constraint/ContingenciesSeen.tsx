import type { BindingConstraintWithLocations } from '../../../../shared/schemas/constraints.js';
import { formatCount } from '../../lib/format.js';

/**
 * The contingencies the constraint was seen under in the window, each with the number of intervals where it gave the
 * peak |shadow price| (the row an observation keeps).
 */
export function ContingenciesSeen({ binding }: { binding: BindingConstraintWithLocations }) {
  const peaks = new Map<string, number>();
  for (const o of binding.observations)
    if (o.contingency_gs_entity_id) peaks.set(o.contingency_gs_entity_id, (peaks.get(o.contingency_gs_entity_id) ?? 0) + 1);
  return (
    <section className="card cs-section" aria-labelledby="cs-cont-title">
      <h2 id="cs-cont-title">Contingencies seen</h2>
      {binding.contingencies.length === 0 ? (
        <p className="muted">No contingency is named on its binding rows in this window.</p>
      ) : (
        <table className="data-table compact" data-testid="constraint-contingencies">
          <thead>
            <tr>
              <th scope="col">Contingency</th>
              <th scope="col" className="num">
                Peak intervals
              </th>
            </tr>
          </thead>
          <tbody>
            {binding.contingencies.map((c) => (
              <tr key={c.contingency_gs_entity_id}>
                <td>{c.contingency_name}</td>
                <td className="num">{formatCount(peaks.get(c.contingency_gs_entity_id) ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
