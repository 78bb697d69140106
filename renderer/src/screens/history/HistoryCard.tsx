import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';

/** One card of the page: its list loading, failed (with Retry), empty, or as a table with an Actions column last. */
export function HistoryCard<T>(props: {
  id: string;
  title: string;
  list: UseQueryResult<T[]>;
  what: string;
  skeletonRows: number;
  empty: ReactNode;
  headers: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { id, title, list, what } = props;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.isPending && <Skeleton label={`Loading ${what}…`} rows={props.skeletonRows} />}
      {list.isError && <ErrorState error={list.error} what={what} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && props.empty}
      {list.data && list.data.length > 0 && (
        <table className="data-table compact history-table">
          <thead>
            <tr>
              {props.headers}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>{list.data.map(props.row)}</tbody>
        </table>
      )}
    </section>
  );
}
