import 'maplibre-gl/dist/maplibre-gl.css';
import './miniMap.css';
import { useEffect, useRef } from 'react';
import maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import type { LineString, Point } from 'geojson';
import type { SubstationLocation } from '../../../../shared/schemas/constraints.js';
import { useChartTheme } from '../charts/theme.js';
import { basemapLayers, basemapSources } from './basemapStyle.js';
import { boundsOf, segment } from './features.js';
import { mapPalette } from './palette.js';
import type { MapPalette } from './palette.js';
import { SYNTHETIC_COORDINATES } from './synthetic.js';
import { PRICE_COLORS } from './scales.js';

/** Props of the constraint detail's small map: the constraint's substations (either may be missing). */
export interface ConstraintMiniMapProps {
  /** Constraint name, for the map's accessible label. */
  name: string;
  start: SubstationLocation | null;
  end: SubstationLocation | null;
  /** The coordinates are synthetic (the answer's `x-gridscope-synthetic` named `start`/`end`): show the badge. */
  synthetic: boolean;
}

function miniStyle(p: MapPalette, geometry: LineString | Point): StyleSpecification {
  const color = p.dark ? PRICE_COLORS.dark[3] : PRICE_COLORS.light[3];
  const ends: Point[] =
    geometry.type === 'LineString' ? geometry.coordinates.map((c) => ({ type: 'Point', coordinates: c })) : [geometry];
  return {
    version: 8,
    sources: {
      ...basemapSources(document.baseURI),
      constraint: { type: 'geojson', data: geometry },
      substations: { type: 'geojson', data: { type: 'GeometryCollection', geometries: ends } },
    },
    layers: [
      ...basemapLayers(p, { footprints: false }),
      {
        id: 'constraint-line',
        type: 'line',
        source: 'constraint',
        paint: { 'line-color': color, 'line-width': 4 },
        layout: { 'line-cap': 'round' },
      },
      {
        id: 'constraint-substations',
        type: 'circle',
        source: 'substations',
        paint: { 'circle-color': color, 'circle-radius': 5, 'circle-stroke-color': p.halo, 'circle-stroke-width': 1.5 },
      },
    ],
  };
}

/**
 * The constraint on a small offline map (same basemap as the map page): its start and end substations and the line
 * between them, fitted to them; names as HTML under the map (no glyph server). Not interactive.
 */
export default function ConstraintMiniMap({ name, start, end, synthetic }: ConstraintMiniMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { dark } = useChartTheme();
  const geometry = segment(start, end);
  const key = JSON.stringify(geometry);
  const labels = [start, end].filter((x, i, all): x is SubstationLocation => !!x && (i === 0 || x.name !== all[0]?.name));

  useEffect(() => {
    const g = JSON.parse(key) as LineString | Point | null;
    if (!g || !ref.current) return;
    const bounds = boundsOf({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: g, properties: {} }] })!;
    const map = new maplibregl.Map({
      container: ref.current,
      style: miniStyle(mapPalette(dark), g),
      bounds,
      // Room on the right for the names, drawn to the right of their substations.
      fitBoundsOptions: { padding: { top: 36, bottom: 36, left: 36, right: 120 }, maxZoom: 6.5 },
      interactive: false,
      attributionControl: false,
    });
    // Substation names as HTML markers: no glyph server, so no symbol layers. They are labels, not controls (the map's
    // name already says both places): hidden from assistive technology, and a role of their own so maplibre does not
    // make them unfocusable buttons.
    for (const s of labels) {
      const el = document.createElement('span');
      el.className = 'mini-map-label';
      el.textContent = s.name;
      el.setAttribute('role', 'none');
      el.setAttribute('aria-hidden', 'true');
      new maplibregl.Marker({ element: el, anchor: 'left', offset: [8, 0] }).setLngLat([s.longitude, s.latitude]).addTo(map);
    }
    return () => map.remove();
    // `labels` follows `key` (the same two substations).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dark]);

  const places = labels.map((x) => x.name).join(' → ');
  return (
    <figure className="mini-map" data-testid="constraint-mini-map">
      {geometry ? (
        <div ref={ref} className="mini-map-canvas" role="img" aria-label={`Map of ${name}: ${places}`} />
      ) : (
        <p className="muted mini-map-empty">No substation coordinates for {name}: nothing to draw.</p>
      )}
      <figcaption className="muted">
        {synthetic && geometry && (
          <span className="badge warn" title={SYNTHETIC_COORDINATES}>
            Synthetic coordinates
          </span>
        )}{' '}
        Basemap: Natural Earth, US Census.
      </figcaption>
    </figure>
  );
}
