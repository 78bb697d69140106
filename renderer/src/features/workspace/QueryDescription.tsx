import type { PullQuery } from '../../../../shared/bridge/contract.js';
import { queryParts } from './describeQuery.js';

/**
 * {@link describeQuery}'s text with Start and End each kept on one line, so a narrow column breaks the line between
 * them, never inside a date (`2024-09-` / `04`) or between a date and its time.
 */
export function QueryDescription({ query }: { query: PullQuery }) {
  const { window, zone, rest } = queryParts(query);
  return (
    <>
      {window ? (
        <>
          <span className="nowrap">{window[0]}</span> → <span className="nowrap">{window[1]}</span>
        </>
      ) : (
        'all times'
      )}{' '}
      ({zone}){rest.map((part) => ` · ${part}`).join('')}
    </>
  );
}
