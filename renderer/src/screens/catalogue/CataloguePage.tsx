import { useMemo, useRef } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useDatasetList } from '../../lib/queries.js';
import { CatalogueTable } from './CatalogueTable.js';
import type { CatalogueTableHandle } from './CatalogueTable.js';
import { CatalogueToolbar } from './CatalogueToolbar.js';
import { EMPTY_FILTER, searchDatasets, sourceOptions } from './filter.js';
import type { CatalogueFilter } from './filter.js';

/** Props of {@link CataloguePage}; the filter lives in the shell so it survives navigation. */
export interface CataloguePageProps {
  filter: CatalogueFilter;
  onFilterChange: (filter: CatalogueFilter) => void;
}

/** Catalogue screen (`#/`): `datasets:list` filtered by text and market (docs/desktop.md#the-catalogue). */
export function CataloguePage({ filter, onFilterChange }: CataloguePageProps) {
  const list = useDatasetList();
  const tableRef = useRef<CatalogueTableHandle>(null);
  const all = useMemo(() => list.data ?? [], [list.data]);
  const sources = useMemo(() => sourceOptions(all), [all]);
  const ranked = useMemo(() => searchDatasets(all, filter), [all, filter]);
  const shown = useMemo(() => ranked.map((r) => r.dataset), [ranked]);
  const ranks = useMemo(
    () => (filter.query.trim() ? new Map(ranked.map((r) => [r.dataset.id, r.rank])) : undefined),
    [ranked, filter.query],
  );

  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <header className="page-header">
        <h1 id="catalogue-title">Catalogue</h1>
        <CatalogueToolbar
          filter={filter}
          onChange={onFilterChange}
          sources={sources}
          onArrowDown={() => tableRef.current?.focusFirstRow()}
        />
        {list.isSuccess && (
          <p className="count" role="status" data-testid="catalogue-count">
            {shown.length} of {all.length} datasets
          </p>
        )}
      </header>
      {list.isPending && <Skeleton label="Loading datasets…" testId="catalogue-loading" />}
      {list.isError && <ErrorState error={list.error} what="the catalogue" onRetry={() => void list.refetch()} />}
      {list.isSuccess && shown.length > 0 && <CatalogueTable datasets={shown} ranks={ranks} ref={tableRef} />}
      {list.isSuccess && all.length === 0 && (
        <div className="empty-state" data-testid="catalogue-empty">
          <p>The data service lists no datasets for this profile.</p>
        </div>
      )}
      {list.isSuccess && all.length > 0 && shown.length === 0 && (
        <div className="empty-state" data-testid="catalogue-empty">
          <p>
            {filter.query ? `No datasets match “${filter.query}”` : 'No datasets match the filters'}
            {filter.source ? ` in ${filter.source}` : ''}.{' '}
            <button type="button" className="link-button" onClick={() => onFilterChange(EMPTY_FILTER)}>
              Clear the search
            </button>
            .
          </p>
        </div>
      )}
    </section>
  );
}
