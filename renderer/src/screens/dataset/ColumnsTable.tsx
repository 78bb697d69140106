import type { DatasetColumn } from '../../../../shared/schemas/dataset.js';
import { labelWithUnit, termOf, typeInWords } from '../../../../shared/vocabulary/index.js';

/**
 * The dataset's `all_columns` as the vocabulary says them (docs/vocabulary.md): the label in words with its unit, the
 * raw name queries and exports use, and the type in words (the SQL type on hover).
 */
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
              <th scope="col">Column</th>
              <th scope="col">Name in queries and exports</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c) => (
              <tr key={c.name} data-column={c.name}>
                <td>{labelWithUnit(termOf(c.name, c.type))}</td>
                <td>
                  <code>{c.name}</code>
                </td>
                <td title={c.type}>{typeInWords(c.type)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
