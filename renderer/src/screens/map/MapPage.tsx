import './map.css';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { LngLatBoundsLike } from 'maplibre-gl';
import { useChartTheme } from '../../features/charts/theme.js';
import { ErrorState } from '../../components/ErrorState.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { constraintFacts, outageFacts } from './facts.js';
import { halosBounds, rowsBounds } from '../../features/map/features.js';
import { filterRange, ticketsShown } from '../../features/map/gpuFilter.js';
import { GridMap } from '../../features/map/GridMap.js';
import { footprintBounds } from '../../features/map/isoFootprints.js';
import { stationLabels } from '../../features/map/labelLayers.js';
import { ALL_VISIBLE } from '../../features/map/layers.js';
import { LayerToggles } from './LayerToggles.js';
import { FeatureList } from './FeatureList.js';
import { Legend } from './Legend.js';
import { MapSearch } from './MapSearch.js';
import type { SearchHit } from './searchIndex.js';
import { mapSearch, readMapParams } from './route.js';
import type { MapParams } from './route.js';
import { MapToolbar } from './MapToolbar.js';
import { includedEquipment } from '../../features/map/outageFilter.js';
import { OutageFilters } from './OutageFilters.js';
import { shownFeatures } from '../../features/map/shownList.js';
import type { MapPick } from '../../features/map/picking.js';
import { hoverText } from './hoverText.js';
import { ConstraintSelection, OutageSelection } from './SelectionPanel.js';
import { layerSources, syntheticTicketCount } from './sources.js';
import { TimeSlider } from './TimeSlider.js';
import { alignTime, snapTime, stepWindow } from '../../features/map/timeWindow.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { useMapData } from './useMapData.js';
import { OVERLAP_DISTANCE_KM, useSelection } from './useSelection.js';
import type { MapRows } from '../../features/map/mapRows.js';

/** Observations the selection panel lists. */
const PANEL_OBSERVATIONS = 40;

/** Where the slider opens without `t`: the selected constraint's peak run, else the first binding run; epoch ms. */
function openingTime(rows: MapRows | null, constraint: string | null): number | null {
  if (!rows || rows.runs.count === 0) return null;
  const r = rows.runs;
  const code = constraint === null ? -1 : r.id.values.indexOf(constraint);
  let best = -1;
  for (let i = 0; i < r.count; i++) {
    if (code >= 0 ? r.id.codes[i] === code && (best < 0 || r.peak[i]! > r.peak[best]!) : best < 0 || r.start[i]! < r.start[best]!)
      best = i;
  }
  return best < 0 ? null : rows.originMs + r.start[best]! * 60_000;
}

/**
 * The map of binding constraints and outages (#/map): the address holds the grid choice and the map's parameters
 * (route.ts); the data is `map:features`' columns (useMapData.ts); the map itself is {@link GridMap}.
 */
export default function MapPage({ search }: { search: string }) {
  const choice = useMemo(() => readGridChoice(search), [search]);
  const params = useMemo(() => readMapParams(search), [search]);
  const [includeCancelled, setIncludeCancelled] = useState(false);
  const data = useMapData(choice, params.top, includeCancelled);
  const { rows } = data;
  const { dark } = useChartTheme();
  const [visible, setVisible] = useState(ALL_VISIBLE);
  const [playing, setPlaying] = useState(false);
  const [fit, setFit] = useState<{ bounds: LngLatBoundsLike; seq: number; animate: boolean } | null>(null);
  const [fittedFor, setFittedFor] = useState<string | null>(null);

  const initialBounds = useMemo(() => footprintBounds(choice.market), [choice.market]);
  const range = { start: Date.parse(choice.start), end: Date.parse(choice.end) };
  const time = useMarketTime(choice.market);
  const wanted = params.t ?? openingTime(rows, params.constraint) ?? range.start;
  // A "1 hour" step starts on the hour and a "1 day" step at 00:00 market time.
  const t = alignTime(snapTime(wanted, range), params.step, time.marketZone, range);
  const shown = params.allTimes ? null : stepWindow(t, params.step, time.marketZone);
  const selection = useSelection(choice, params.top, params.constraint, params.ticket, rows);
  // The outage filters live in the address, as the map's other state: a filtered view can be linked and reopened. Kept
  // by value, so a slider step (a new address) neither recomputes the rows kept nor sends the GPU a new filter column.
  const filterKey = JSON.stringify(params.outages);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter changes when its values do
  const filter = useMemo(() => params.outages, [filterKey]);
  const included = useMemo(() => (rows ? includedEquipment(rows.equipment, filter) : new Uint8Array(0)), [rows, filter]);
  const stations = useMemo(() => (rows ? stationLabels(rows) : []), [rows]);

  const replace = (next: Partial<MapParams>) => replaceRoute(hrefs.map(mapSearch(choice, { ...params, t, ...next })));
  const choose = (next: GridChoice) =>
    navigate(hrefs.map(mapSearch(next, { ...params, t: null, constraint: null, ticket: null })));
  const requestFit = (bounds: LngLatBoundsLike | null, animate: boolean) =>
    setFit((f) => ({ bounds: bounds ?? footprintBounds(choice.market), seq: (f?.seq ?? 0) + 1, animate }));

  // `?constraint=` from elsewhere (the detail page's "Show on map") or the search: fit to it once its place is known.
  const selectedBounds = params.constraint ? halosBounds(selection.constraintHalo) : null;
  if (params.constraint && selectedBounds && fittedFor !== params.constraint) {
    setFittedFor(params.constraint);
    requestFit(selectedBounds, true);
  }

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
  const aside = useRef<HTMLElement>(null);
  // Chosen in the list further down the column: bring the details (the column's first card) into view, focus stays.
  const pickFromList = (pick: MapPick) => {
    onPick(pick);
    aside.current?.firstElementChild?.scrollIntoView?.({ block: 'nearest' });
  };
  const onFound = (hit: SearchHit) => {
    if (hit.kind === 'constraint') selectConstraint(hit.id);
    else if (hit.kind === 'ticket' && rows) {
      const e = rows.equipment;
      const own = Array.from(e.placed).filter((i) => e.ticket[i] === hit.ticket);
      requestFit(halosBounds(own.map((i) => ({ from: [e.fromLon[i]!, e.fromLat[i]!], to: [e.toLon[i]!, e.toLat[i]!] }))), true);
      replace({ ticket: hit.ticket, constraint: null });
    } else if (hit.kind === 'substation') {
      const [x, y] = hit.position;
      requestFit(
        [
          [x - 0.25, y - 0.2],
          [x + 0.25, y + 0.2],
        ],
        true,
      );
    }
  };

  const q = data.queries;
  const counts = data.answer?.counts;
  const shownRange = useMemo(
    () => rows && filterRange(shown, rows.originMs),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` is a new object each render: its numbers decide
    [rows, shown?.start, shown?.end],
  );
  // The count and the feature list follow a step in a deferred render, so the map draws the new window first.
  const listRange = useDeferredValue(shownRange);
  const inShown = useMemo(
    () => (rows && listRange ? ticketsShown(rows.equipment, included, listRange) : 0),
    [rows, included, listRange],
  );
  const listed = useMemo(
    () => (rows && listRange ? shownFeatures(rows, included, listRange, visible) : []),
    [rows, included, listRange, visible],
  );
  const detail = selection.detail.data?.constraint;
  const selectedFacts =
    params.constraint && detail
      ? constraintFacts(detail, {
          window: shown,
          choice,
          coordinatesSynthetic: data.bindingSynthetic,
          cap: PANEL_OBSERVATIONS,
          zone: time.zone,
        })
      : null;
  const selectedTicket = params.ticket === null ? undefined : selection.outage.data?.ticket;
  const syntheticTickets = useMemo(() => (rows ? syntheticTicketCount(rows) : 0), [rows]);
  return (
    <section className="page map-page" aria-labelledby="map-title">
      <header className="page-header">
        <h1 id="map-title">Map of binding constraints and outages</h1>
        <MapToolbar
          choice={choice}
          top={params.top}
          onChoice={choose}
          onTop={(top) => replace({ top })}
          onFit={() => requestFit(rows && rowsBounds(rows), true)}
        >
          <MapSearch rows={rows} stations={stations} onFound={onFound} />
        </MapToolbar>
        <p className="count" data-testid="map-counts">
          {(counts?.constraints ?? 0).toLocaleString('en-US')} binding constraints
          {counts?.unplacedConstraints ? ` (${counts.unplacedConstraints} without coordinates, not drawn)` : ''} ·{' '}
          {(counts?.tickets ?? 0).toLocaleString('en-US')} outage tickets active in the window,{' '}
          <span data-testid="map-tickets-shown">{inShown.toLocaleString('en-US')}</span> in the shown{' '}
          {params.allTimes ? 'times' : 'step'}
          {data.answer?.truncated ? ' (more exist: the list was cut)' : ''}
          {counts?.cancelledTickets ? ` · ${counts.cancelledTickets.toLocaleString('en-US')} Cancelled not drawn` : ''} ·{' '}
          {choice.market.toUpperCase()}
        </p>
        {q.features.isError && (
          <ErrorState
            error={q.features.error}
            what="the map's constraints and outages"
            verb="map:features"
            onRetry={() => void q.features.refetch()}
          />
        )}
        {data.decodeError && <p className="error">{data.decodeError.message}</p>}
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
            rows={rows}
            included={included}
            filterVersion={JSON.stringify(filter)}
            window={shown}
            visible={visible}
            loading={data.loading}
            locations={data.locations}
            places={data.places}
            stations={stations}
            constraintHalo={selection.constraintHalo}
            ticketHalo={selection.ticketHalo}
            fit={fit}
            onPick={onPick}
            describe={(pick) => hoverText(pick, rows, time.zone)}
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
        <aside className="map-aside" aria-label="Map details" ref={aside}>
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
              {selection.drawn || !rows ? (
                <p className="muted" aria-busy="true">
                  Loading its binding intervals…
                </p>
              ) : (
                <p className="muted">
                  Not among the binding constraints drawn for this dataset and window (top {String(params.top)}).{' '}
                  <a href={hrefs.constraint(params.constraint, gridSearch(choice))}>Open details</a>
                </p>
              )}
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
          ) : params.ticket !== null ? (
            <section className="map-card map-selection" data-testid="map-selection" aria-label="Selection">
              <h2>Outage ticket {params.ticket}</h2>
              {selection.outage.isError ? (
                <ErrorState error={selection.outage.error} what="the ticket" verb="map:ticket" />
              ) : (
                <p className="muted" aria-busy="true">
                  Loading the ticket…
                </p>
              )}
            </section>
          ) : (
            <p className="map-card muted map-hint">
              Point at a constraint or an outage for its name; click it, or choose it in the list below, for its details.
            </p>
          )}
          {rows && (
            <FeatureList
              features={listed}
              rows={rows}
              zone={time.zone}
              selected={
                params.constraint ? `constraint:${params.constraint}` : params.ticket !== null ? `ticket:${params.ticket}` : null
              }
              onPick={pickFromList}
              onClear={clear}
            />
          )}
          <OutageFilters
            rows={rows}
            filter={filter}
            onFilter={(outages) => replace({ outages })}
            includeCancelled={includeCancelled}
            onIncludeCancelled={setIncludeCancelled}
            cancelledTickets={counts?.cancelledTickets ?? 0}
          />
          <LayerToggles
            visible={visible}
            sources={layerSources({
              bindingSynthetic: data.bindingSynthetic,
              syntheticTickets,
              tickets: counts?.tickets ?? 0,
              stationsSynthetic: data.stationsSynthetic,
            })}
            onChange={(g, v) => setVisible((s) => ({ ...s, [g]: v }))}
          />
          <Legend dark={dark} labels={visible.labels} />
        </aside>
      </div>
    </section>
  );
}
