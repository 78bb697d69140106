import './map.css';
import { useMemo, useState } from 'react';
import type { FeatureCollection, LineString, Point } from 'geojson';
import type { LngLatBoundsLike } from 'maplibre-gl';
import { useChartTheme } from '../../features/charts/theme.js';
import { ErrorState } from '../../components/ErrorState.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { constraintFacts, outageFacts } from './facts.js';
import { boundsOf } from '../../features/map/features.js';
import { GridMap } from '../../features/map/GridMap.js';
import { footprintBounds } from '../../features/map/isoFootprints.js';
import { LayerToggles } from './LayerToggles.js';
import type { LayerGroup } from '../../features/map/layers.js';
import { Legend } from './Legend.js';
import { mapSearch, readMapParams } from './route.js';
import type { MapParams } from './route.js';
import { MapToolbar } from './MapToolbar.js';
import type { MapPick } from '../../features/map/picking.js';
import { constraintPopup, locationPopup, outagePopup } from './popupContent.js';
import { ConstraintSelection, OutageSelection } from './SelectionPanel.js';
import { layerSources } from './sources.js';
import { TimeSlider } from './TimeSlider.js';
import { alignTime, snapTime, stepWindow } from '../../features/map/timeWindow.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { useMapData } from './useMapData.js';
import { OVERLAP_DISTANCE_KM, useSelection } from './useSelection.js';

/** Observations a popup lists before "… N more" (popups do not scroll; the selection panel lists more). */
const POPUP_OBSERVATIONS = 5;
/** Observations the selection panel lists. */
const PANEL_OBSERVATIONS = 40;

const ALL_VISIBLE: Record<LayerGroup, boolean> = { states: true, iso: true, locations: true, binding: true, outages: true };

/** Start (epoch ms) of the earliest binding observation of `constraints`; null when there is none. */
function earliestBinding(constraints: Iterable<{ observations: readonly { interval_start_utc: string }[] }>): number | null {
  let first = Infinity;
  for (const c of constraints) for (const o of c.observations) first = Math.min(first, Date.parse(o.interval_start_utc));
  return Number.isFinite(first) ? first : null;
}

/**
 * The map of binding constraints and outages (#/map): the address holds the grid choice and the map's parameters
 * (route.ts); the data comes from the bridge (useMapData.ts); the map itself is {@link GridMap}.
 */
export default function MapPage({ search }: { search: string }) {
  const choice = useMemo(() => readGridChoice(search), [search]);
  const params = useMemo(() => readMapParams(search), [search]);
  const data = useMapData(choice, params.top);
  const { dark } = useChartTheme();
  const [visible, setVisible] = useState(ALL_VISIBLE);
  const [playing, setPlaying] = useState(false);
  const [fit, setFit] = useState<{ bounds: LngLatBoundsLike; seq: number; animate: boolean } | null>(null);
  const [fittedFor, setFittedFor] = useState<string | null>(null);

  const initialBounds = useMemo(() => footprintBounds(choice.market), [choice.market]);
  const range = { start: Date.parse(choice.start), end: Date.parse(choice.end) };
  const drawn = params.constraint ? (data.constraintById.get(params.constraint) ?? null) : null;
  // Without `t`, a selected constraint opens at its peak interval, anything else at the first binding interval (a window
  // often starts hours before its data), or at the window's start while the answer is still on its way.
  const firstBinding = useMemo(() => earliestBinding(data.constraintById.values()), [data.constraintById]);
  const time = useMarketTime(choice.market);
  const wanted = params.t ?? (drawn ? Date.parse(drawn.peak_interval_start_utc) : (firstBinding ?? range.start));
  // A "1 day" step shows a market day: it starts at 00:00 market time.
  const t = alignTime(snapTime(wanted, range), params.step, time.marketZone, range);
  const shown = params.allTimes ? null : stepWindow(t, params.step, time.marketZone);
  const selection = useSelection(choice, params.constraint, params.ticket, drawn, !data.queries.binding.isFetching);

  const replace = (next: Partial<MapParams>) => replaceRoute(hrefs.map(mapSearch(choice, { ...params, t, ...next })));
  const choose = (next: GridChoice) =>
    navigate(hrefs.map(mapSearch(next, { ...params, t: null, constraint: null, ticket: null })));
  const requestFit = (bounds: LngLatBoundsLike | null, animate: boolean) =>
    setFit((f) => ({ bounds: bounds ?? footprintBounds(choice.market), seq: (f?.seq ?? 0) + 1, animate }));

  // `?constraint=` from elsewhere (the detail page's "Show on map"): fit to it once its geometry is known.
  const selectedBounds = boundsOf(selection.geometry as FeatureCollection<LineString | Point>);
  if (params.constraint && selectedBounds && fittedFor !== params.constraint) {
    setFittedFor(params.constraint);
    requestFit(selectedBounds, false);
  }

  const constraintFactsOf = (id: string, cap: number) => {
    const c = data.constraintById.get(id);
    return c
      ? constraintFacts(c, { window: shown, choice, coordinatesSynthetic: data.bindingSynthetic, cap, zone: time.zone })
      : null;
  };
  const popupContent = (pick: MapPick): HTMLElement | null => {
    if (pick.kind === 'constraint') {
      const f = constraintFactsOf(pick.id, POPUP_OBSERVATIONS);
      return f && constraintPopup(f);
    }
    if (pick.kind === 'outage') {
      const ticket = data.ticketByNumber.get(pick.ticket);
      return ticket ? outagePopup(outageFacts(ticket, data.stationsSynthetic, time.zone)) : null;
    }
    return pick.kind === 'location' ? locationPopup(pick) : null;
  };
  const onPick = (pick: MapPick) => {
    if (pick.kind === 'constraint') {
      setFittedFor(pick.id); // picked on the map: already in view, no camera move
      replace({ constraint: pick.id, ticket: null });
    } else if (pick.kind === 'outage') replace({ ticket: pick.ticket, constraint: null });
  };
  const selectConstraint = (id: string) => {
    setFittedFor(null);
    replace({ constraint: id, ticket: null });
  };
  const clear = () => replace({ constraint: null, ticket: null });

  const q = data.queries;
  const selectedTicket = params.ticket === null ? undefined : data.ticketByNumber.get(params.ticket);
  const selectedFacts = params.constraint ? constraintFactsOf(params.constraint, PANEL_OBSERVATIONS) : null;
  return (
    <section className="page map-page" aria-labelledby="map-title">
      <header className="page-header">
        <h1 id="map-title">Map of binding constraints and outages</h1>
        <MapToolbar
          choice={choice}
          top={params.top}
          onChoice={choose}
          onTop={(top) => replace({ top })}
          onFit={() =>
            requestFit(boundsOf(data.binding.lines, data.binding.points, data.outages.lines, data.outages.points), true)
          }
        />
        <p className="count" data-testid="map-counts">
          {data.constraintById.size.toLocaleString('en-US')} binding constraints
          {data.binding.unplaced ? ` (${data.binding.unplaced} without coordinates, not drawn)` : ''} ·{' '}
          {data.ticketByNumber.size.toLocaleString('en-US')} outage tickets active in the window
          {data.truncated ? ' (more exist: the list was cut)' : ''} · {choice.market.toUpperCase()}
        </p>
        {q.binding.isError && (
          <ErrorState
            error={q.binding.error}
            what="binding constraints"
            verb="constraints:bindingLocations"
            onRetry={() => void q.binding.refetch()}
          />
        )}
        {q.outages.isError && (
          <ErrorState error={q.outages.error} what="outages" verb="outages:active" onRetry={() => void q.outages.refetch()} />
        )}
        {q.locations.isError && (
          <ErrorState
            error={q.locations.error}
            what="pricing locations"
            verb="locations:list"
            onRetry={() => void q.locations.refetch()}
          />
        )}
      </header>
      <div className="map-layout">
        <div className="map-main">
          <GridMap
            market={choice.market}
            data={data.features}
            window={shown}
            visible={visible}
            loading={data.loading}
            selectedGeometry={selection.geometry}
            ticket={params.ticket}
            overlapIds={selection.overlapIds}
            fit={fit}
            onPick={onPick}
            popupContent={popupContent}
            initialBounds={initialBounds}
          />
          <TimeSlider
            range={range}
            t={t}
            step={params.step}
            allTimes={params.allTimes}
            playing={playing}
            zone={time.marketZone}
            shownZone={time.zone}
            onTime={(next) => replace({ t: next })}
            onStep={(step) => replace({ step })}
            onAllTimes={(allTimes) => {
              setPlaying(false);
              replace({ allTimes });
            }}
            onPlaying={setPlaying}
          />
        </div>
        <aside className="map-aside" aria-label="Map details">
          {selectedFacts ? (
            <ConstraintSelection facts={selectedFacts} onClear={clear} />
          ) : params.constraint ? (
            <section
              className="map-card map-selection"
              data-testid="map-selection"
              data-constraint-id={params.constraint}
              aria-label="Selection"
            >
              <h2>{selection.locatedName ?? params.constraint}</h2>
              <p className="muted">
                Not among the binding constraints drawn for this dataset and window (top {String(params.top)}).{' '}
                <a href={hrefs.constraint(params.constraint, gridSearch(choice))}>Open details</a>
              </p>
            </section>
          ) : selectedTicket ? (
            <OutageSelection
              facts={outageFacts(selectedTicket, data.stationsSynthetic, time.zone)}
              overlap={{
                constraints: selection.overlap.data?.constraints,
                error: selection.overlap.error,
                loading: selection.overlap.isFetching,
                retry: () => void selection.overlap.refetch(),
                distanceKm: OVERLAP_DISTANCE_KM,
              }}
              onClear={clear}
              onSelectConstraint={selectConstraint}
              detailsHref={(id) => hrefs.constraint(id, gridSearch(choice))}
              ticketHref={hrefs.outage(selectedTicket.ticket, gridSearch(choice))}
            />
          ) : (
            <p className="map-card muted map-hint">Click a constraint or an outage for its details.</p>
          )}
          <LayerToggles
            visible={visible}
            sources={layerSources(data)}
            onChange={(g, v) => setVisible((s) => ({ ...s, [g]: v }))}
          />
          <Legend dark={dark} dense={data.dense} />
        </aside>
      </div>
    </section>
  );
}
