import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';
import { formatBytes } from '../../features/downloads/format.js';
import { QueryDescription } from '../../features/workspace/QueryDescription.js';

/** A binding pull in one line: `Binding rows · <window> (UTC) · |shadow price| > 50 $/MWh · first 1,000 rows (limit reached)`. */
function BindingDescription({ pull }: { pull: PullRecord }) {
  const { startTime, endTime, limit } = pull.params;
  const threshold = pull.binding?.priceThreshold ?? null;
  return (
    <>
      Binding rows ·{' '}
      {startTime || endTime ? (
        <>
          <span className="nowrap">{startTime ?? 'start'}</span> → <span className="nowrap">{endTime ?? 'latest'}</span> (UTC)
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

/** What a pull copied, in one line: a dataset query, binding rows or downloaded files. */
export function PullDescription({ pull }: { pull: PullRecord }) {
  if (pull.kind === 'binding') return <BindingDescription pull={pull} />;
  if (pull.kind === 'local') return <LocalDescription pull={pull} />;
  return <QueryDescription query={pull.params} />;
}
