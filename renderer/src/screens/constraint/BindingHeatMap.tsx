import type { ConstraintProfileCell } from '../../../../shared/bridge/binding.js';
import { copyNumber, formatNumber } from '../../../../shared/vocabulary/index.js';
import { rowsToCsv, saveCsv } from '../../features/constraints/table/csv.js';
import type { CopyColumn } from '../../features/constraints/table/tsv.js';
import { useTableCopy } from '../../features/constraints/table/useTableCopy.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, i) => i + 1);
const he = (h: number): string => `HE${String(h).padStart(2, '0')}`;

/** A weekday's row: the share of its hours the constraint bound, per hour ending (null where the window has none). */
interface HeatRow {
  weekday: number;
  shares: (number | null)[];
}

function heatRows(cells: readonly ConstraintProfileCell[]): HeatRow[] {
  return WEEKDAYS.map((_, i) => ({
    weekday: i + 1,
    shares: HOURS.map((h) => {
      const c = cells.find((x) => x.weekday === i + 1 && x.hour_ending === h);
      return c && c.window_hours > 0 ? (100 * c.binding_hours) / c.window_hours : null;
    }),
  })).filter((r) => r.shares.some((s) => s !== null));
}

// Copied and exported: one line per weekday, one column per hour ending, the share in percent.
const COPY_COLUMNS: CopyColumn<HeatRow>[] = [
  { label: 'weekday', copy: (r) => WEEKDAYS[r.weekday - 1]! },
  ...HOURS.map((h, i) => ({
    label: `${he(h)} share of hours bound (%)`,
    copy: (r: HeatRow) => copyNumber(r.shares[i], 'percent'),
    copyFull: (r: HeatRow) => (r.shares[i] === null ? '' : String(r.shares[i])),
  })),
];

/**
 * How often the constraint bound, by weekday (rows) and hour ending (columns) of market time: the share of the
 * window's hours in each cell in which it bound, shaded from none to always; empty where the window has no such hour
 * (the spring-forward day's HE03). Copy and Export CSV give the same grid.
 */
export function BindingHeatMap({ cells, name }: { cells: readonly ConstraintProfileCell[]; name: string }) {
  const rows = heatRows(cells);
  const copier = useTableCopy();
  return (
    <div className="cs-heat" data-testid="profile-heat-map">
      <div className="cs-table-toolbar">
        {copier.notice && (
          <p className={copier.notice.error ? 'cs-copy-notice error' : 'cs-copy-notice'} role="status">
            {copier.notice.text}
          </p>
        )}
        <div className="cs-table-actions">
          <button type="button" onClick={() => void copier.copy(rows, COPY_COLUMNS)}>
            Copy all
          </button>
          <button type="button" onClick={() => saveCsv(`${name}-binding-by-hour.csv`, rowsToCsv(rows, COPY_COLUMNS))}>
            Export CSV
          </button>
        </div>
      </div>
      <div className="cs-heat-scroll">
        <table className="cs-heat-table">
          <caption className="visually-hidden">Share of hours bound (%), by weekday and hour ending</caption>
          <thead>
            <tr>
              <th scope="col">Weekday</th>
              {HOURS.map((h) => (
                <th key={h} scope="col" title={he(h)}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.weekday}>
                <th scope="row">{WEEKDAYS[r.weekday - 1]!.slice(0, 3)}</th>
                {r.shares.map((s, i) => (
                  <td
                    key={i}
                    data-share={s ?? ''}
                    title={
                      s === null
                        ? `${he(i + 1)}: not in the window`
                        : `${he(i + 1)}: bound ${formatNumber(s, 'percent')} % of its hours`
                    }
                    // At most 45 % of the accent under the figure, so its text keeps 4.5:1 in both themes.
                    style={
                      s === null
                        ? undefined
                        : { background: `color-mix(in srgb, var(--accent) ${Math.round(s * 0.45)}%, transparent)` }
                    }
                  >
                    {s === null ? '' : s > 0 ? Math.round(s) : '·'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">Share of each cell’s hours in the window in which it bound, in percent; hours ending 1–24.</p>
    </div>
  );
}
