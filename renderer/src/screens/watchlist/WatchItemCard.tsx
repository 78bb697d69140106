import { useState } from 'react';
import type { WatchItem, WatchTicket, WatchTicketChange } from '../../../../shared/bridge/watchlist.js';
import { formatInstant, formatInstantRange } from '../../../../shared/time/format.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { FactList } from '../../features/constraints/BindingFacts.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { useOpenWatch, useRenameWatch, useUnstar } from '../../features/watchlist/watchlistQueries.js';
import { formatSource } from '../../lib/format.js';
import { navigate } from '../../lib/router.js';
import { KIND_WORDS, watchFacts } from './watchFacts.js';

/** A new ticket, or a changed one with what it was: `Approved → Cancelled`, or its interval before. */
function TicketLine({ t, zone, before }: { t: WatchTicket; zone: string; before?: WatchTicketChange['before'] }) {
  const status = before && before.status !== t.status ? `${before.status} → ${t.status}` : t.status;
  const moved = before && (Date.parse(before.start) !== Date.parse(t.start) || Date.parse(before.end) !== Date.parse(t.end));
  return (
    <li data-testid="watch-ticket">
      <strong>{before ? 'Changed' : 'New'}</strong> · Ticket {t.ticket} · {status} · {t.outage_type}
      {t.facility ? ` · ${t.facility}` : ''} · {formatInstantRange(t.start, t.end, zone)}
      {moved ? ` (was ${formatInstantRange(before.start, before.end, zone)})` : ''}
    </li>
  );
}

/** One watched item: its name (opening it marks its look seen), kind, market and dataset, what changed, rename and delete. */
export function WatchItemCard({ item, datasetText }: { item: WatchItem; datasetText: string }) {
  const { zone } = useMarketTime(item.target.market);
  const open = useOpenWatch();
  const rename = useRenameWatch();
  const unstar = useUnstar();
  const [naming, setNaming] = useState<string | null>(null);
  const look = item.look;
  const c = look?.changes;
  return (
    <li className="card watch-item" data-testid="watch-item" data-kind={item.target.kind}>
      <div className="watch-item-head">
        <span className="badge">{KIND_WORDS[item.target.kind]}</span>
        {naming === null ? (
          <a
            href={item.target.address}
            className="watch-name"
            data-testid="watch-open"
            onClick={(e) => {
              e.preventDefault();
              open.mutate(item.id, { onSettled: () => navigate(item.target.address) });
            }}
          >
            {item.name}
          </a>
        ) : (
          <form
            className="watch-rename"
            onSubmit={(e) => {
              e.preventDefault();
              if (naming.trim()) rename.mutate({ id: item.id, name: naming }, { onSuccess: () => setNaming(null) });
            }}
          >
            <input aria-label="Name" value={naming} onChange={(e) => setNaming(e.target.value)} maxLength={200} autoFocus />
            <button type="submit" className="primary" disabled={!naming.trim()}>
              Save
            </button>
            <button type="button" onClick={() => setNaming(null)}>
              Cancel
            </button>
          </form>
        )}
        <span className="muted">
          {formatSource(item.target.market)} · {datasetText}
        </span>
        <span className="watch-actions">
          {naming === null && (
            <button type="button" onClick={() => setNaming(item.name)} data-testid="watch-rename">
              Rename
            </button>
          )}
          <ConfirmButton
            label="Delete"
            question="Remove from the watchlist?"
            yes="Remove"
            onConfirm={() => unstar.mutate(item.id)}
            testId="watch-delete"
          />
        </span>
      </div>
      {item.problem && (
        <p className="watch-problem" role="status" data-testid="watch-problem">
          {look
            ? `Could not look again (${item.problem.message}) Showing the look as of ${formatInstant(look.asOf, zone, { minutes: true })}.`
            : `Not looked at yet: ${item.problem.message}`}
        </p>
      )}
      {look && c ? (
        <>
          <p className="muted watch-window">
            {formatInstantRange(look.window.start, look.window.end, zone)} · as of{' '}
            {formatInstant(look.asOf, zone, { minutes: true })}
            {item.openedAt ? ` · last opened ${formatInstant(item.openedAt, zone, { minutes: true })}` : ' · never opened'}
          </p>
          <FactList facts={watchFacts(item, look, zone)} testId="watch-facts" />
          {(c.newTickets.length > 0 || c.changedTickets.length > 0) && (
            <ul className="watch-tickets" aria-label="New and changed outage tickets">
              {c.newTickets.map((t) => (
                <TicketLine key={`n${t.ticket}`} t={t} zone={zone} />
              ))}
              {c.changedTickets.map((t) => (
                <TicketLine key={`c${t.ticket}`} t={t} zone={zone} before={t.before} />
              ))}
            </ul>
          )}
          {(c.limitReached || c.truncated) && (
            <p className="muted">
              {c.limitReached ? 'A window held more binding rows than one answer: its figures count only those. ' : ''}
              {c.truncated ? 'The outage list was cut: some tickets may be missing.' : ''}
            </p>
          )}
          <SyntheticBadge fields={c.synthetic} explain testId="watch-synthetic" />
        </>
      ) : (
        !item.problem && <p className="muted">Not looked at yet.</p>
      )}
    </li>
  );
}
