import { useMutation } from '@tanstack/react-query';
import type { ExportOutcome } from '../../../../shared/bridge/contract.js';
import { callBridge, toGsError } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { formatCount } from '../../lib/format.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';

/** Follows a one-time download link of the web host, as a click on an `<a download>`, so the browser saves the file. */
export function followDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

const FORMAT_NAMES: Record<ExportOutcome['format'], string> = { csv: 'CSV', parquet: 'Parquet' };
const FORMATS = Object.keys(FORMAT_NAMES) as ExportOutcome['format'][];

/** What an export did, in one sentence: where the file went, that the download started, or nothing (dialog cancelled). */
export function exportSentence(outcome: ExportOutcome): string | null {
  const what = `${formatCount(outcome.rows)} ${outcome.rows === 1 ? 'row' : 'rows'} as ${FORMAT_NAMES[outcome.format]}`;
  if (outcome.path) return `Saved ${what} to ${outcome.path}`;
  if (outcome.downloadUrl) return `Downloading ${what}.`;
  return null;
}

/**
 * "Export CSV" and "Export Parquet": `workspace:export` of the table as shown (its sort, filters and peak bucket). The desktop asks
 * where to save; the web host answers with a download link, followed at once.
 */
export function ExportButtons({ pullId, view, disabled = false }: { pullId: number; view: TableView; disabled?: boolean }) {
  const api = useBridge();
  const exporter = useMutation({
    mutationFn: (format: ExportOutcome['format']) =>
      callBridge(api, 'workspace:export', {
        pullId,
        format,
        ...(view.sort.length ? { sort: view.sort } : {}),
        ...(view.filters.length ? { filters: view.filters } : {}),
        ...(view.peak ? { peak: view.peak } : {}),
      }),
    onSuccess: (outcome) => {
      if (outcome.downloadUrl) followDownload(outcome.downloadUrl);
    },
  });
  const said = exporter.data ? exportSentence(exporter.data) : null;
  return (
    <>
      {FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          onClick={() => exporter.mutate(format)}
          disabled={disabled || exporter.isPending}
          data-testid={`export-${format}`}
        >
          Export {FORMAT_NAMES[format]}
        </button>
      ))}
      {exporter.isPending && <span className="muted export-note">Exporting…</span>}
      {said && !exporter.isPending && (
        <span className="export-note" role="status" data-testid="export-outcome" title={said}>
          {said}
        </span>
      )}
      {exporter.isError && (
        <span className="export-note error" role="alert" data-testid="export-error">
          Export failed: {toGsError(exporter.error).message}
        </span>
      )}
    </>
  );
}
