import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatSource, isSynthetic } from '../../lib/format.js';
import { useDataset } from '../../lib/queries.js';
import { hrefs } from '../../lib/router.js';
import { AuditSection } from './AuditSection.js';
import { ColumnsTable } from './ColumnsTable.js';
import { DatasetFacts } from './DatasetFacts.js';
import { Description } from './Description.js';
import { UpdatesSection } from './UpdatesSection.js';

/** Dataset screen (`#/datasets/<id>`): facts, description (with a "Synthetic data" badge), columns, audit and updates. */
export function DatasetPage({ datasetId }: { datasetId: string }) {
  const q = useDataset(datasetId);
  const d = q.data;

  return (
    <article className="page dataset" aria-labelledby="dataset-title" data-testid="dataset-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={hrefs.catalogue} data-testid="back-to-catalogue">
          ← Catalogue
        </a>
      </nav>
      {q.isPending && <Skeleton label="Loading dataset…" testId="dataset-loading" />}
      {q.isError && (
        <>
          <header className="page-header">
            <h1 id="dataset-title">
              Dataset <code>{datasetId}</code>
            </h1>
          </header>
          <ErrorState error={q.error} what="the dataset" onRetry={() => void q.refetch()} />
        </>
      )}
      {d && (
        <>
          <header className="page-header">
            <h1 id="dataset-title">{d.name}</h1>
            <p className="subtitle">
              <code data-testid="dataset-id">{d.id}</code>
              <span className="badge">{formatSource(d.source)}</span>
              {isSynthetic(d.description) && (
                <span className="badge warn" data-testid="synthetic-badge" title="The description says this data is synthetic">
                  Synthetic data
                </span>
              )}
            </p>
            <p className="actions">
              <a href={hrefs.query(d.id)} className="button-link primary" data-testid="open-query">
                Query data
              </a>
            </p>
          </header>
          <div className="dataset-layout">
            <section aria-label="Facts" className="card">
              <DatasetFacts dataset={d} />
            </section>
            <section aria-labelledby="description-title" className="card">
              <h2 id="description-title">Description</h2>
              <Description markdown={d.description} />
            </section>
          </div>
          <ColumnsTable columns={d.all_columns} />
          <AuditSection datasetId={d.id} timezone={d.data_timezone} />
          <UpdatesSection datasetId={d.id} />
        </>
      )}
    </article>
  );
}
