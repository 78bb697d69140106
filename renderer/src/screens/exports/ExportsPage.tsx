import { useMemo } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { useDatasetList } from '../../lib/queries.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { DatasetPicker } from './DatasetPicker.js';
import { ExportFiles } from './ExportFiles.js';
import { OfflineNote } from './OfflineNote.js';
import { exportsSearch, readExportsRoute } from './route.js';
import { useExportList } from './exportQueries.js';
import './exports.css';

/**
 * `#/exports?dataset=…&year=…`: a dataset's per-day export files (docs/api.md#export-file-list) as a calendar to pick
 * days from and queue for download. The dataset and year live in the address so Back and a reload keep them.
 */
export function ExportsPage({ search }: { search: string }) {
  const route = useMemo(() => readExportsRoute(search), [search]);
  const catalogue = useDatasetList();
  const listing = useExportList(route.datasetId);
  const entry = catalogue.data?.find((d) => d.id === route.datasetId);
  const name = entry?.name ?? route.datasetId ?? '';
  // Whatever stops the listing (no network, no key, a dead Remote), downloaded files can still be reviewed.
  const failed = listing.isError ? listing.error : catalogue.isError ? catalogue.error : null;

  return (
    <article className="page exports-page" aria-labelledby="exports-title" data-testid="exports-page">
      <header className="page-header">
        <h1 id="exports-title">Exports</h1>
        <p className="muted subtitle">
          Each day of a dataset is one file (gzipped CSV). Pick days, download them, then review them offline from the Library.
        </p>
      </header>
      <div className="toolbar">
        <DatasetPicker
          datasets={catalogue.data}
          value={route.datasetId}
          onChange={(datasetId) => navigate(hrefs.exports(exportsSearch({ datasetId, year: null })))}
        />
      </div>
      {catalogue.isError && (
        <ErrorState error={catalogue.error} what="the catalogue" verb="datasets:list" onRetry={() => void catalogue.refetch()} />
      )}
      {failed !== null && <OfflineNote unreachable={toGsError(failed).code === 'network'} />}
      {!route.datasetId && catalogue.data && (
        <p className="muted empty-state" data-testid="exports-choose">
          Choose a dataset to see its export files by day.
        </p>
      )}
      {route.datasetId && listing.isPending && <Skeleton label="Listing the export files…" rows={6} testId="exports-loading" />}
      {listing.isError && (
        <ErrorState
          error={listing.error}
          heading="The export files could not be listed"
          verb="exports:list"
          onRetry={() => void listing.refetch()}
        />
      )}
      {listing.data && listing.data.files.length === 0 && (
        <p className="empty-state" data-testid="exports-empty">
          This dataset has no export files.
        </p>
      )}
      {listing.data && listing.data.files.length > 0 && (
        <ExportFiles
          key={route.datasetId}
          datasetId={route.datasetId!}
          datasetName={name}
          files={listing.data.files}
          year={route.year}
          market={entry?.source ?? null}
          byPublishTime={!!entry?.publish_time_column}
          onYear={(year) => replaceRoute(hrefs.exports(exportsSearch({ ...route, year })))}
        />
      )}
    </article>
  );
}
