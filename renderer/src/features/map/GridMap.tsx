import 'maplibre-gl/dist/maplibre-gl.css';
import './gridMap.css';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import maplibregl from 'maplibre-gl';
import type { LngLatBoundsLike, Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import { MapboxOverlay } from '@deck.gl/mapbox';
import type { Place } from '../../../../shared/reference/basemap.js';
import { useChartTheme } from '../charts/theme.js';
import { dataLayers } from './deckLayers.js';
import type { Halo, LocationPoint } from './deckLayers.js';
import { filterRange, shownSummary } from './gpuFilter.js';
import type { ShownSummary } from './gpuFilter.js';
import { createIdleTracker } from './idleTracker.js';
import type { IdleTracker } from './idleTracker.js';
import { labelLayers } from './labelLayers.js';
import type { StationLabel } from './labelLayers.js';
import type { LayerGroup } from './layers.js';
import { applyMarket, applyPalette, applyVisibility } from './mapControl.js';
import { MapPopup, MapTooltip } from './MapOverlays.js';
import type { TooltipText } from './MapOverlays.js';
import type { MapRows } from './mapRows.js';
import { mapStyle } from './mapStyle.js';
import { mapPalette } from './palette.js';
import { groupOfPick, pickKey, pickOf, picksOf } from './picking.js';
import type { MapPick } from './picking.js';
import type { ShownWindow } from './timeWindow.js';

/**
 * The map container as the tests and the benchmark see it: `gsMap` (the maplibre Map), `gsDeck` (the deck.gl overlay),
 * `gsRows` and `gsShown()` (what the data layers show now, by the same comparisons the GPU filter makes), plus the attribute
 * `data-equipment-shown`, the GPU's own count of the equipment rows it draws.
 */
export type GridMapElement = HTMLDivElement & {
  gsMap?: MaplibreMap;
  gsDeck?: MapboxOverlay;
  gsShown?: () => ShownSummary;
  /** The rows drawn (test hook: where a feature is). */
  gsRows?: MapRows | null;
};

/** Props of {@link GridMap}. */
export interface GridMapProps {
  market: string;
  /** The `map:features` rows; null while the answer is on its way. */
  rows: MapRows | null;
  /** 1 per equipment row the outage filters keep (`filterVersion` changes with it). */
  included: Uint8Array;
  filterVersion: string;
  /** The shown window; null = "All times" (no time filter). */
  window: ShownWindow | null;
  visible: Record<LayerGroup, boolean>;
  /** An answer is still loading: `data-map-idle` stays "false". */
  loading: boolean;
  locations: readonly LocationPoint[];
  places: readonly Place[];
  /** Substation names to label at close zoom (labelLayers.ts). */
  stations: readonly StationLabel[];
  /** The selected constraint (and the constraints a selected outage overlapped), the selected ticket's equipment. */
  constraintHalo: readonly Halo[];
  ticketHalo: readonly Halo[];
  /** Camera request: the map fits to `bounds` whenever `seq` changes. */
  fit: { bounds: LngLatBoundsLike; seq: number; animate: boolean } | null;
  /** A click chose a constraint or an outage. */
  onPick: (pick: MapPick) => void;
  /** What the tooltip (and a popup's line) says about a pick. */
  describe: (pick: MapPick) => TooltipText | null;
  initialBounds: LngLatBoundsLike;
}

type Popup = { x: number; y: number; picks: MapPick[] };

/** Zoom, in half levels: the labels and the outage aggregation change by zoom band, not on every frame of a zoom. */
const zoomBand = (m: MaplibreMap) => Math.floor(m.getZoom() * 2) / 2;

/**
 * The maplibre map (basemap) with the deck.gl data and label layers interleaved in it. Camera state stays inside
 * maplibre; the page passes rows, the shown window (a GPU filter range), selections and filters. Hover shows a tooltip;
 * a click on one feature picks it, on stacked features offers each of them.
 */
export function GridMap(props: GridMapProps) {
  const { market, rows, window, visible, loading, fit } = props;
  const containerRef = useRef<GridMapElement>(null);
  const trackerRef = useRef<IdleTracker | null>(null);
  const [map, setMap] = useState<{ m: MaplibreMap; overlay: MapboxOverlay } | null>(null);
  const [zoom, setZoom] = useState(0);
  const [hover, setHover] = useState<{ x: number; y: number; pick: MapPick } | null>(null);
  const [opened, setPopup] = useState<Popup | null>(null);
  const palette = mapPalette(useChartTheme().dark);
  const [initial] = useState(() => ({ palette, market, bounds: props.initialBounds }));

  // Picking is deck.gl's, asked at the pointer from maplibre's own mouse events (one pick per frame at most).
  const onHover = useEffectEvent((overlay: MapboxOverlay, m: MaplibreMap, x: number, y: number) => {
    const info = x < 0 ? null : overlay.pickObject({ x, y, radius: 4 });
    const pick = info ? pickOf(info, rows) : null;
    m.getCanvas().style.cursor = pick ? 'pointer' : '';
    setHover(pick ? { x, y, pick } : null);
  });

  const onClick = useEffectEvent((overlay: MapboxOverlay, m: MaplibreMap, e: MapMouseEvent) => {
    const { x, y } = e.point;
    // Every feature within a few pixels, topmost first: outages are drawn (so picked) above constraint lines.
    const picks = picksOf(overlay.pickMultipleObjects({ x, y, radius: 4, depth: 8 }), rows);
    setHover(null);
    const cell = picks.find((p) => p.kind === 'cell');
    if (cell && picks.length === 1) {
      // A cell of outage counts: zoom in where it is, until the equipment itself shows.
      m.easeTo({ center: e.lngLat, zoom: Math.max(m.getZoom() + 2, 7) });
      setPopup(null);
      return;
    }
    const chosen = picks.filter((p) => p.kind !== 'cell');
    if (chosen.length === 1 && chosen[0]!.kind !== 'location') {
      setPopup(null);
      props.onPick(chosen[0]!);
    } else setPopup(chosen.length ? { x, y, picks: chosen } : null);
  });

  useEffect(() => {
    const el = containerRef.current!;
    const tracker = createIdleTracker(el);
    trackerRef.current = tracker;
    const m = new maplibregl.Map({
      container: el,
      style: mapStyle(initial.palette, initial.market, document.baseURI),
      bounds: initial.bounds,
      fitBoundsOptions: { padding: 24 },
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      maxPitch: 0,
      renderWorldCopies: false,
    });
    m.touchZoomRotate.disableRotation();
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const overlay = new MapboxOverlay({ interleaved: true, layers: [] });
    m.addControl(overlay);
    let hoverAt: { x: number; y: number } | null = null;
    let frame = 0;
    const hoverSoon = (x: number, y: number) => {
      hoverAt = { x, y };
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        if (hoverAt) onHover(overlay, m, hoverAt.x, hoverAt.y);
      });
    };
    m.on('mousemove', (e) => hoverSoon(e.point.x, e.point.y));
    m.on('mouseout', () => hoverSoon(-1, -1));
    m.on('click', (e) => onClick(overlay, m, e));
    el.gsMap = m;
    el.gsDeck = overlay;
    m.on('idle', () => tracker.idle());
    m.on('dataloading', () => tracker.busy());
    m.on('movestart', () => setPopup(null));
    m.on('zoomend', () => setZoom(zoomBand(m)));
    m.on('load', () => {
      setZoom(zoomBand(m));
      setMap({ m, overlay });
    });
    return () => {
      cancelAnimationFrame(frame);
      setMap(null);
      delete el.gsMap;
      delete el.gsDeck;
      delete el.gsShown;
      delete el.gsRows;
      m.remove();
    };
  }, [initial]);

  // Every change below is something the map has yet to draw: mark busy, then apply; `idle` clears it.
  const busy = (m: MaplibreMap) => {
    trackerRef.current?.busy();
    m.triggerRepaint();
  };

  const range = useMemo(
    () => filterRange(window ? { start: window.start, end: window.end } : null, rows?.originMs ?? 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the range is numbers: it changes when they do
    [window?.start, window?.end, rows?.originMs],
  );
  const { included, filterVersion, locations, constraintHalo, ticketHalo, stations } = props;
  useLayoutEffect(() => {
    if (!map) return;
    busy(map.m);
    const el = containerRef.current!;
    const data = rows
      ? dataLayers({
          rows,
          included,
          filterVersion,
          range,
          palette,
          zoom,
          visible,
          locations,
          constraintHalo,
          ticketHalo,
          onEquipmentShown: (n) => el.setAttribute('data-equipment-shown', String(n)),
        })
      : [];
    const labels = labelLayers({ places: props.places, stations, zoom, palette, visible: visible.labels });
    map.overlay.setProps({ layers: [...data, ...labels] });
    el.gsRows = rows;
    el.gsShown = () =>
      rows ? shownSummary(rows, included, range, visible) : { tickets: [], constraints: [], equipment: 0, equipmentLines: 0 };
  }, [
    map,
    rows,
    included,
    filterVersion,
    range,
    palette,
    zoom,
    visible,
    locations,
    constraintHalo,
    ticketHalo,
    stations,
    props.places,
  ]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map.m);
    applyVisibility(map.m, visible);
  }, [map, visible]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map.m);
    applyPalette(map.m, palette);
  }, [map, palette]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map.m);
    applyMarket(map.m, market);
  }, [map, market]);

  const fitSeq = fit?.seq ?? 0;
  useLayoutEffect(() => {
    if (!map || !fit) return;
    busy(map.m);
    map.m.fitBounds(fit.bounds, { padding: 48, maxZoom: 9, animate: fit.animate, duration: 900 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request is a new `seq`
  }, [map, fitSeq]);

  // Last, so a commit that both applies an answer and ends the loading leaves the attribute "false" until `idle`.
  useLayoutEffect(() => {
    trackerRef.current?.setLoading(loading || !map);
  }, [loading, map]);

  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setPopup(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);

  // A popup closes with its layer.
  const popup = opened && opened.picks.every((k) => visible[groupOfPick(k)]) ? opened : null;
  const tip = hover && !popup ? props.describe(hover.pick) : null;
  const only = popup?.picks.length === 1 ? popup.picks[0]! : null;
  const onlyText = only ? props.describe(only) : null;
  return (
    <div className="grid-map-frame">
      <div
        ref={containerRef}
        className="grid-map"
        data-testid="grid-map"
        aria-label="Map of binding constraints and outages"
        role="region"
        onMouseLeave={() => setHover(null)}
      />
      {tip && hover && <MapTooltip x={hover.x} y={hover.y} text={tip} />}
      {popup && (
        <MapPopup
          x={popup.x}
          y={popup.y}
          title={onlyText ? onlyText.title : `${popup.picks.length} features here`}
          onClose={() => setPopup(null)}
        >
          {onlyText ? (
            onlyText.lines.map((l, i) => <p key={i}>{l}</p>)
          ) : (
            <ul className="map-choices-list">
              {popup.picks.map((p) => {
                const text = props.describe(p);
                return (
                  <li key={pickKey(p)}>
                    <button
                      type="button"
                      className="link-button"
                      data-pick={pickKey(p)}
                      disabled={p.kind === 'location'}
                      onClick={() => {
                        setPopup(null);
                        props.onPick(p);
                      }}
                    >
                      {text?.title ?? pickKey(p)}
                    </button>
                    {text?.lines[0] && <span className="muted"> · {text.lines[0]}</span>}
                  </li>
                );
              })}
            </ul>
          )}
        </MapPopup>
      )}
      {visible.labels && (
        <p className="map-credit" data-testid="map-credit">
          Places: GeoNames (CC BY 4.0)
        </p>
      )}
    </div>
  );
}
