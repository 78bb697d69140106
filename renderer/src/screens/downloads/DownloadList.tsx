import { useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DownloadItem } from '../../../../shared/bridge/contract.js';
import type { QueueCommand } from '../../features/downloads/downloadQueries.js';
import { DownloadRow } from './DownloadRow.js';

/** Above this many items the list renders only the rows in view (the page still scrolls as one). */
export const VIRTUAL_FROM = 300;

/** Props of {@link DownloadList}. */
export interface DownloadListProps {
  items: DownloadItem[];
  onCommand: (command: QueueCommand) => void;
  onReveal: (item: DownloadItem) => void;
  busy: boolean;
}

/** The queue's items as a plain list, or virtualized over the main area's scroll when longer than {@link VIRTUAL_FROM}. */
export function DownloadList(props: DownloadListProps) {
  if (props.items.length <= VIRTUAL_FROM)
    return (
      <ul className="dl-list" aria-label="Downloads">
        {props.items.map((item) => (
          <DownloadRow key={item.id} item={item} onCommand={props.onCommand} onReveal={props.onReveal} busy={props.busy} />
        ))}
      </ul>
    );
  return <VirtualDownloadList {...props} />;
}

function VirtualDownloadList({ items, onCommand, onReveal, busy }: DownloadListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // The app's main area scrolls (App.tsx `#main`), not the window; rows are placed below the list's own offset in it.
  const [scroller] = useState(() => document.getElementById('main'));
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => setMargin(listRef.current?.offsetTop ?? 0), []);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller,
    estimateSize: () => 84,
    overscan: 8,
    scrollMargin: margin,
    getItemKey: (i) => items[i]!.id,
  });
  return (
    <ul ref={listRef} className="dl-list virtual" aria-label="Downloads" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <DownloadRow
          key={row.key}
          ref={virtualizer.measureElement}
          index={row.index}
          style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start - margin}px)` }}
          item={items[row.index]!}
          onCommand={onCommand}
          onReveal={onReveal}
          busy={busy}
        />
      ))}
    </ul>
  );
}
