import type { PathResults, PathSide } from '../../../../shared/bridge/paths.js';
import { PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatNumber, labelWithUnit, termOf } from '../../../../shared/vocabulary/index.js';
import { HelpTip } from '../../components/HelpTip.js';

const BUCKETS: readonly PeakFilter[] = ['all', 'on_peak', 'off_peak', '2x16', '7x8'];
const COLUMNS: readonly { side: PathSide; what: 'cost' | 'per_mwh'; name: string }[] = [
  { side: 'rt', what: 'cost', name: 'rt_path_cost' },
  { side: 'rt', what: 'per_mwh', name: 'rt_path_per_mwh' },
  { side: 'da', what: 'cost', name: 'da_path_cost' },
  { side: 'da', what: 'per_mwh', name: 'da_path_per_mwh' },
];

/**
 * The path's totals by hours' bucket (all, on-peak, off-peak, 2x16, 7x8): real-time and day-ahead side by side, each
 * over the window ($/MW) and as a mean over the bucket's hours ($/MWh), with the hours; the chosen bucket marked.
 */
export function PathSummary({ answer, peak }: { answer: PathResults['paths:congestion']; peak: PeakFilter }) {
  const hours = termOf('hours');
  return (
    <div className="table-wrap">
      <table className="data-table compact path-summary" data-testid="path-summary">
        <caption className="muted">Path total by hours, real-time and day-ahead</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Hours
            </th>
            <th scope="col" rowSpan={2} className="num" title="hours">
              {labelWithUnit(hours)}
            </th>
            <th scope="colgroup" colSpan={2} className="path-side">
              Real-time
            </th>
            <th scope="colgroup" colSpan={2} className="path-side">
              Day-ahead
            </th>
          </tr>
          <tr>
            {COLUMNS.map((c) => {
              const term = termOf(c.name);
              const short = c.what === 'cost' ? 'Congestion ($/MW)' : 'Mean ($/MWh)';
              return (
                <th key={c.name} scope="col" className="num" title={c.name} aria-label={labelWithUnit(term)}>
                  {short} {term.help && <HelpTip text={term.help} about={labelWithUnit(term)} />}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {BUCKETS.map((b) => (
            <tr
              key={b}
              data-bucket={b}
              aria-current={b === peak ? 'true' : undefined}
              className={b === peak ? 'chosen' : undefined}
            >
              <th scope="row">{PEAK_FILTER_LABELS[b]}</th>
              <td className="num">{formatNumber(answer.hours[b], 'hours')}</td>
              {COLUMNS.map((c) => {
                const f = answer.totals[c.side];
                const v = f ? f[c.what][b] : null;
                return (
                  <td key={c.name} className="num" data-column={c.name} data-value={v ?? ''}>
                    {f ? formatNumber(v, 'money') : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
