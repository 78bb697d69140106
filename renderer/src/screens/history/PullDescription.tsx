import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { formatBytes } from '../../features/downloads/format.js';
import { QueryDescription } from '../../features/workspace/QueryDescription.js';

/**
 * A binding pull in one line: `Binding rows · 2024-09-02 00:00 → 2024-09-04 00:00 EDT · |shadow price| > 50 $/MWh · first
 * 1,000 rows (limit reached)`, the window in `zone`.
 */
function BindingDescription({ pull, zone }: { pull: PullRecord; zone: string }) {
  const { startTime, endTime, limit } = pull.params;
  const threshold = pull.binding?.priceThreshold ?? null;
  return (
    <>
      Binding rows ·{' '}
      {startTime || endTime ? (
        <>
          <span className="nowrap">{startTime ? formatInstant(startTime, zone) : 'start'}</span> →{' '}
          <span className="nowrap">{endTime ? formatInstant(endTime, zone) : 'latest'}</span>
        </>
      ) : (
        'all times'
      )}
      {threshold !== null ? ` · |shadow price| > ${threshold} $/MWh` : ' · every shadow price'}
      {pull.binding?.limitReached && limit !== undefined ? (
        <span data-testid="limit-reached"> · first {formatCount(limit)} rows (limit reached)</span>
      ) : limit !== undefined ? (
        ` · limit ${formatCount(limit)}`
      ) : null}
    </>
  );
}

/** A local pull in one line: `Local files · 7 days (2026-03-25 – 2026-03-31) · 254 KB`, read from disk. */
function LocalDescription({ pull }: { pull: PullRecord }) {
  const dates = pull.local?.dates ?? [];
  return (
    <>
      Local files · {dates.length} {dates.length === 1 ? 'day' : 'days'}
      {dates.length > 0 && (
        <>
          {' '}
          (<span className="nowrap">{dates[0]}</span>
          {dates.length > 1 && (
            <>
              {' – '}
              <span className="nowrap">{dates.at(-1)}</span>
            </>
          )}
          )
        </>
      )}
      {pull.local && ` · ${formatBytes(pull.local.bytes)}`} · read from disk
    </>
  );
}

/** What a pull copied, in one line: a dataset query, binding rows (window in `zone`) or downloaded files. */
export function PullDescription({ pull, zone }: { pull: PullRecord; zone: string }) {
  if (pull.kind === 'binding') return <BindingDescription pull={pull} zone={zone} />;
  if (pull.kind === 'local') return <LocalDescription pull={pull} />;
  return <QueryDescription query={pull.params} />;
}
