import { DENSITY_COLORS } from '../../features/map/deckLayers.js';
import {
  OTHER_OUTAGE_COLOR,
  OUTAGE_TYPE_COLORS,
  PRICE_BREAKS,
  PRICE_COLORS,
  PRICE_WIDTHS,
  STATUS_STYLES,
  priceClassLabel,
} from '../../features/map/scales.js';

function LineSample({ color, width, opacity = 1 }: { color: string; width: number; opacity?: number }) {
  return (
    <svg width="28" height="12" aria-hidden="true" className="legend-sample">
      <line x1="2" y1="6" x2="26" y2="6" stroke={color} strokeWidth={width} strokeOpacity={opacity} strokeLinecap="round" />
    </svg>
  );
}

function DotSample({ className }: { className: string }) {
  return (
    <svg width="28" height="12" aria-hidden="true" className={`legend-sample ${className}`}>
      <circle cx="14" cy="6" r="4" />
    </svg>
  );
}

/**
 * The legend: the peak |shadow price| classes (colour and width), outage types, how each ticket status is drawn, pricing
 * locations, the outage counts drawn zoomed out, and the sources of what is drawn (GeoNames when names are shown).
 */
export function Legend({ dark, labels }: { dark: boolean; labels: boolean }) {
  const colors = dark ? PRICE_COLORS.dark : PRICE_COLORS.light;
  const ramp = `linear-gradient(to right, ${DENSITY_COLORS.map((c) => `rgb(${c.join(' ')})`).join(', ')})`;
  return (
    <section className="map-card legend" aria-label="Legend">
      <h2>Legend</h2>
      <h3>Binding constraint: peak |shadow price| ($/MWh)</h3>
      <ul className="legend-list">
        {PRICE_BREAKS.map((_, k) => (
          <li key={k}>
            <LineSample color={colors[k]!} width={PRICE_WIDTHS[k]!} />
            {priceClassLabel(k)}
          </li>
        ))}
      </ul>
      <h3>Outage type</h3>
      <ul className="legend-list">
        {[...OUTAGE_TYPE_COLORS, { type: 'Other', color: OTHER_OUTAGE_COLOR }].map((c) => (
          <li key={c.type}>
            <LineSample color={c.color} width={2.5} />
            {c.type}
          </li>
        ))}
      </ul>
      <h3>Outage status</h3>
      <ul className="legend-list legend-list-wide">
        {STATUS_STYLES.map((s) => (
          <li key={s.status}>
            <LineSample color={OUTAGE_TYPE_COLORS[0]!.color} width={s.width} opacity={s.opacity} />
            <span>
              {s.status} <span className="muted">({s.note})</span>
            </span>
          </li>
        ))}
      </ul>
      <h3>Also drawn</h3>
      <ul className="legend-list legend-list-wide">
        <li>
          <DotSample className="legend-location" />
          Pricing location (hub or zone)
        </li>
        <li>
          <span className="legend-ramp" style={{ background: ramp }} aria-hidden="true" />
          Many outages, zoomed out: equipment per cell, few → many (click to zoom in)
        </li>
        <li>
          <LineSample color={dark ? '#f1f5f9' : '#1b2330'} width={8} opacity={0.35} />
          Selected, or overlapped by the selected outage
        </li>
      </ul>
      <p className="muted legend-credits">
        Basemap: Natural Earth (world-atlas), US Census (us-atlas). ISO footprints and pricing locations: CommonGrid (ODbL).
        {labels ? ' Place names: GeoNames (CC BY 4.0).' : ''}
      </p>
    </section>
  );
}
