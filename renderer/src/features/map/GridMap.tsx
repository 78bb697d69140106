import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import maplibregl from 'maplibre-gl';
import type { GeoJSONSource, LngLatBoundsLike, Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { useChartTheme } from '../charts/theme.js';
import type { ConstraintProps, LayerFeatures, OutageProps } from './features.js';
import { createIdleTracker } from './idleTracker.js';
import type { IdleTracker } from './idleTracker.js';
import { CLICKABLE_LAYERS, SOURCES } from './layers.js';
import type { LayerGroup } from './layers.js';
import {
  applyDensity,
  applyMarket,
  applyOverlapHighlight,
  applyPalette,
  applyTicketHighlight,
  applyTimeFilter,
  applyVisibility,
  clusterPoints,
} from './mapControl.js';
import { mapStyle } from './mapStyle.js';
import { mapPalette } from './palette.js';
import { pickFrom } from './picking.js';
import type { MapPick } from './picking.js';
import type { ShownWindow } from './timeWindow.js';

/** The map container as the tests see it: `gsMap` holds the maplibre instance (test hook). */
export type GridMapElement = HTMLDivElement & { gsMap?: MaplibreMap };

/** The features the map draws (the map page reads them: screens/map/useMapData.ts). */
export interface GridMapData {
  binding: LayerFeatures<ConstraintProps>;
  outages: LayerFeatures<OutageProps>;
  midpoints: FeatureCollection;
  locations: FeatureCollection;
  dense: boolean;
}

/** Props of {@link GridMap}. */
export interface GridMapProps {
  market: string;
  data: GridMapData;
  /** The shown window; null = "All times" (no time filter). */
  window: ShownWindow | null;
  visible: Record<LayerGroup, boolean>;
  /** An answer is still loading: `data-map-idle` stays "false". */
  loading: boolean;
  /** The selected constraint's geometry (haloed at any time), the selected ticket and the constraints it overlapped. */
  selectedGeometry: FeatureCollection;
  ticket: number | null;
  overlapIds: readonly string[];
  /** Camera request: the map fits to `bounds` whenever `seq` changes. */
  fit: { bounds: LngLatBoundsLike; seq: number; animate: boolean } | null;
  /** A click picked a constraint, an outage or a location. */
  onPick: (pick: MapPick) => void;
  /** The popup's content for a pick (rebuilt when the window moves), or null for none. */
  popupContent: (pick: MapPick) => HTMLElement | null;
  initialBounds: LngLatBoundsLike;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function setSource(map: MaplibreMap, id: string, data: FeatureCollection): void {
  map.getSource<GeoJSONSource>(id)?.setData(data);
}

/**
 * The maplibre map of constraints and outages. Camera state stays inside maplibre; the page passes data, the shown
 * window and selections, applied with `setData`, `setFilter` and layout/paint changes (mapControl.ts).
 */
export function GridMap(props: GridMapProps) {
  const { market, data, window, visible, loading, selectedGeometry, ticket, overlapIds, fit } = props;
  const containerRef = useRef<GridMapElement>(null);
  const trackerRef = useRef<IdleTracker | null>(null);
  const popupRef = useRef<{ popup: maplibregl.Popup; pick: MapPick } | null>(null);
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const palette = mapPalette(useChartTheme().dark);
  const [initial] = useState(() => ({ palette, market, bounds: props.initialBounds }));

  const showPopup = useEffectEvent((m: MaplibreMap, pick: MapPick, at: maplibregl.LngLatLike) => {
    popupRef.current?.popup.remove();
    const content = props.popupContent(pick);
    if (!content) return;
    const popup = new maplibregl.Popup({ maxWidth: '340px', className: 'gs-popup', focusAfterOpen: false })
      .setLngLat(at)
      .setDOMContent(content)
      .addTo(m);
    popup.getElement().setAttribute('data-testid', 'map-popup');
    popupRef.current = { popup, pick };
    popup.on('close', () => {
      if (popupRef.current?.popup === popup) popupRef.current = null;
    });
  });

  const onClick = useEffectEvent((m: MaplibreMap, e: MapMouseEvent) => {
    const { x, y } = e.point;
    const layers = CLICKABLE_LAYERS.filter((id) => m.getLayer(id));
    const pick = pickFrom(
      m.queryRenderedFeatures(
        [
          [x - 4, y - 4],
          [x + 4, y + 4],
        ],
        { layers },
      ),
    );
    if (!pick) return;
    if (pick.kind === 'cluster') {
      // maplibre's cluster example: a click on a cluster zooms to where it splits.
      void m
        .getSource<GeoJSONSource>(SOURCES.outageMidpoints)
        ?.getClusterExpansionZoom(pick.clusterId)
        .then((zoom) => m.easeTo({ center: e.lngLat, zoom }));
      return;
    }
    // The popup first: selecting re-renders the page (the address changes), the popup need not wait for it.
    showPopup(m, pick, e.lngLat);
    props.onPick(pick);
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
    el.gsMap = m;
    m.on('idle', () => tracker.idle());
    m.on('dataloading', () => tracker.busy());
    m.on('click', (e) => onClick(m, e));
    for (const id of CLICKABLE_LAYERS) {
      m.on('mouseenter', id, () => (m.getCanvas().style.cursor = 'pointer'));
      m.on('mouseleave', id, () => (m.getCanvas().style.cursor = ''));
    }
    m.on('load', () => setMap(m));
    return () => {
      setMap(null);
      popupRef.current = null;
      delete el.gsMap;
      m.remove();
    };
  }, [initial]);

  // Every change below is something maplibre has yet to draw: mark busy, then apply; `idle` clears it.
  const busy = (m: MaplibreMap) => {
    trackerRef.current?.busy();
    m.triggerRepaint();
  };

  useLayoutEffect(() => {
    if (!map) return;
    busy(map);
    setSource(map, SOURCES.bindingLines, data.binding.lines);
    setSource(map, SOURCES.bindingPoints, data.binding.points);
    setSource(map, SOURCES.outageLines, data.outages.lines);
    setSource(map, SOURCES.outagePoints, data.outages.points);
    setSource(map, SOURCES.locations, data.locations);
    applyDensity(map, data.dense);
  }, [map, data]);

  const windowStart = window?.start ?? null;
  const windowEnd = window?.end ?? null;
  useLayoutEffect(() => {
    if (!map) return;
    busy(map);
    const shown = windowStart === null || windowEnd === null ? null : { start: windowStart, end: windowEnd };
    applyTimeFilter(map, shown);
    // Clusters are counted by the source itself, so only they follow the window by data (see docs in mapControl.ts).
    setSource(map, SOURCES.outageMidpoints, data.dense ? clusterPoints(data.midpoints as never, shown) : EMPTY);
    const open = popupRef.current;
    if (open) {
      const content = props.popupContent(open.pick);
      if (content) open.popup.setDOMContent(content);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the popup is rebuilt for a new window, not a new callback
  }, [map, windowStart, windowEnd, data]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map);
    applyVisibility(map, visible);
  }, [map, visible]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map);
    applyPalette(map, palette);
  }, [map, palette]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map);
    applyMarket(map, market);
  }, [map, market]);

  useLayoutEffect(() => {
    if (!map) return;
    busy(map);
    setSource(map, SOURCES.selected, selectedGeometry);
    applyTicketHighlight(map, ticket);
    applyOverlapHighlight(map, overlapIds);
  }, [map, selectedGeometry, ticket, overlapIds]);

  const fitSeq = fit?.seq ?? 0;
  useLayoutEffect(() => {
    if (!map || !fit) return;
    busy(map);
    map.fitBounds(fit.bounds, { padding: 48, maxZoom: 9, animate: fit.animate });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request is a new `seq`
  }, [map, fitSeq]);

  // Last, so a commit that both applies an answer and ends the loading leaves the attribute "false" until `idle`.
  useLayoutEffect(() => {
    trackerRef.current?.setLoading(loading || !map);
  }, [loading, map]);

  return (
    <div
      ref={containerRef}
      className="grid-map"
      data-testid="grid-map"
      aria-label="Map of binding constraints and outages"
      role="region"
    />
  );
}
