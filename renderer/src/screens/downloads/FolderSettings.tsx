import { useState } from 'react';
import { MAX_DOWNLOAD_CONCURRENCY } from '../../../../shared/bridge/downloads.js';
import type { DownloadsState } from '../../../../shared/bridge/contract.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { useChooseFolder, useConfigureDownloads, useReveal } from '../../features/downloads/downloadQueries.js';

const CONCURRENCY = Array.from({ length: MAX_DOWNLOAD_CONCURRENCY }, (_, i) => i + 1);

/** The speed limit's text as typed: '' = none; else a whole number of KB/s from 16 (the verb's bounds). */
function readLimit(text: string): { ok: true; value: number | null } | { ok: false; problem: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const n = Number(t);
  if (!Number.isInteger(n) || n < 16 || n > 10_000_000) return { ok: false, problem: 'A whole number of KB/s, 16 or more.' };
  return { ok: true, value: n };
}

/**
 * Where downloads go and how fast: the folder ("Change…" opens the desktop's dialog in main; the page never names a
 * folder itself, and the web host's is fixed when it starts), "Show in folder" (the file manager, or the path to copy
 * where none can open), how many files download at once, and a speed limit over all (`downloads:configure`). The
 * folder can change only while nothing is queued, running or paused.
 */
export function FolderSettings({ state }: { state: DownloadsState }) {
  const choose = useChooseFolder();
  const configure = useConfigureDownloads();
  const reveal = useReveal();
  const [limitDraft, setLimitDraft] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const locked = state.totals.active + state.totals.paused > 0;
  const limitText = limitDraft ?? (state.speedLimitKiBps === null ? '' : String(state.speedLimitKiBps));
  const limit = readLimit(limitText);
  const error = choose.error ?? configure.error ?? reveal.error;
  const shownPath = reveal.data && !reveal.data.revealed ? reveal.data.path : null;

  const copy = (path: string) => {
    void navigator.clipboard?.writeText(path).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section className="card dl-settings" aria-label="Download settings">
      <div className="dl-folder">
        <span className="dl-label">Folder</span>
        <code className="dl-path" data-testid="downloads-folder">
          {state.folder}
        </code>
        <span className="row-actions">
          {state.canChooseFolder && (
            <button
              type="button"
              onClick={() => choose.mutate()}
              disabled={locked || choose.isPending}
              data-testid="downloads-change-folder"
            >
              Change…
            </button>
          )}
          <button type="button" onClick={() => reveal.mutate({})} disabled={reveal.isPending} data-testid="downloads-reveal">
            Show in folder
          </button>
        </span>
      </div>
      {state.canChooseFolder && locked && (
        <p className="muted small dl-note">The folder can be changed once no download is queued, running or paused.</p>
      )}
      {!state.canChooseFolder && (
        <p className="muted small dl-note" data-testid="downloads-folder-fixed">
          In the browser version the folder is chosen when Gridscope starts (its GRIDSCOPE_DOWNLOADS_DIR setting), not here.
        </p>
      )}
      {shownPath && (
        <p className="dl-note" data-testid="downloads-path">
          Your system cannot open a file manager from here. The files are in <code className="dl-path">{shownPath}</code>{' '}
          <button type="button" onClick={() => copy(shownPath)}>
            {copied ? 'Copied' : 'Copy path'}
          </button>
        </p>
      )}
      <div className="dl-controls">
        <label className="inline-label">
          <span>Files at once</span>
          <select
            value={state.concurrency}
            onChange={(e) => configure.mutate({ concurrency: Number(e.target.value) })}
            data-testid="downloads-concurrency"
          >
            {CONCURRENCY.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (limit.ok) configure.mutate({ speedLimitKiBps: limit.value }, { onSuccess: () => setLimitDraft(null) });
          }}
        >
          <label className="inline-label">
            <span>Speed limit</span>
            <input
              type="text"
              inputMode="numeric"
              className="dl-limit"
              value={limitText}
              placeholder="No limit"
              onChange={(e) => setLimitDraft(e.target.value)}
              aria-invalid={!limit.ok}
              aria-describedby="dl-limit-help"
              data-testid="downloads-speed-limit"
            />
            <span>KB/s</span>
          </label>
          <button type="submit" disabled={!limit.ok || limitDraft === null || configure.isPending}>
            Apply
          </button>
          {state.speedLimitKiBps !== null && (
            <button
              type="button"
              onClick={() => configure.mutate({ speedLimitKiBps: null }, { onSuccess: () => setLimitDraft(null) })}
            >
              No limit
            </button>
          )}
          <span id="dl-limit-help" className={limit.ok ? 'muted small' : 'field-error small'}>
            {limit.ok ? 'Empty for no limit.' : limit.problem}
          </span>
        </form>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {toGsError(error).message}
        </p>
      )}
    </section>
  );
}
