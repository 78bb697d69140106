import type { DatasetColumn } from '../../../../shared/schemas/dataset.js';

function Check({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <span aria-label={`${label}: yes`}>✓</span>
  ) : (
    <span className="muted" aria-label={`${label}: no`}>
      ·
    </span>
  );
}

/** The dataset's `all_columns`: name, SQL type and the numeric / date / datetime flags. */
export function ColumnsTable({ columns }: { columns: DatasetColumn[] }) {
  return (
    <section aria-labelledby="columns-title" className="card">
      <h2 id="columns-title">
        Columns <span className="muted">({columns.length})</span>
      </h2>
      <div className="table-wrap">
        <table className="data-table compact" data-testid="columns-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col" className="center">
                Numeric
              </th>
              <th scope="col" className="center">
                Date
              </th>
              <th scope="col" className="center">
                Datetime
              </th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c) => (
              <tr key={c.name}>
                <td>
                  <code>{c.name}</code>
                </td>
                <td className="mono">{c.type}</td>
                <td className="center">
                  <Check on={c.is_numeric} label="numeric" />
                </td>
                <td className="center">
                  <Check on={c.is_date} label="date" />
                </td>
                <td className="center">
                  <Check on={c.is_datetime} label="datetime" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
