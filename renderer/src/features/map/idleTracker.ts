/**
 * The map container's `data-map-idle` attribute (a test hook the e2e tests and the benchmark wait on): "true" once
 * maplibre fired `idle` with every answer applied, "false" from a `dataloading`, a filter or data change, or while an
 * answer is still loading, until the next `idle`.
 */
export interface IdleTracker {
  /** maplibre fired `idle`. */
  idle(): void;
  /** Something changed that maplibre has yet to draw (data, filter, visibility). */
  busy(): void;
  /** Whether an answer the map waits for is still loading. */
  setLoading(loading: boolean): void;
}

/** A tracker writing `data-map-idle` on `el`; starts "false" (nothing drawn yet). */
export function createIdleTracker(el: HTMLElement): IdleTracker {
  let mapIdle = false;
  let loading = true;
  const write = () => el.setAttribute('data-map-idle', String(mapIdle && !loading));
  write();
  return {
    idle() {
      mapIdle = true;
      write();
    },
    busy() {
      mapIdle = false;
      write();
    },
    setLoading(next) {
      loading = next;
      write();
    },
  };
}
