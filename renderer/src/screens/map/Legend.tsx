import {
  OTHER_OUTAGE_COLOR,
  OUTAGE_TYPE_COLORS,
  PRICE_BREAKS,
  PRICE_COLORS,
  PRICE_WIDTHS,
  STATUS_STYLES,
  priceClassLabel,
} from '../../features/map/scales.js';

function LineSample({
  color,
  width,
  opacity = 1,
  dash,
}: {
  color: string;
  width: number;
  opacity?: number;
  dash?: [number, number];
}) {
  // The dash pattern is in line widths, as maplibre's `line-dasharray`.
  const dasharray = dash && dash[1] > 0 ? `${dash[0] * width} ${dash[1] * width}` : undefined;
  return (
    <svg width="28" height="12" aria-hidden="true" className="legend-sample">
      <line
        x1="2"
        y1="6"
        x2="26"
        y2="6"
        stroke={color}
        strokeWidth={width}
        strokeOpacity={opacity}
        strokeDasharray={dasharray}
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The legend: the peak |shadow price| classes (colour and width), outage types and how each ticket status is drawn. */
export function Legend({ dark, dense }: { dark: boolean; dense: boolean }) {
  const colors = dark ? PRICE_COLORS.dark : PRICE_COLORS.light;
  return (
    <section className="map-card legend" aria-label="Legend">
      <h2>Legend</h2>
      <h3>Peak |shadow price| ($/MWh)</h3>
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
      <h3>Status</h3>
      <ul className="legend-list">
        {STATUS_STYLES.map((s) => (
          <li key={s.status}>
            <LineSample color={OUTAGE_TYPE_COLORS[0]!.color} width={2.5} opacity={s.opacity} dash={s.dash} />
            {s.status} <span className="muted">({s.note})</span>
          </li>
        ))}
      </ul>
      {dense && (
        <p className="muted">Many outages: zoomed out, they show as clusters of equipment midpoints; click one to zoom in.</p>
      )}
      <p className="muted legend-credits">
        Basemap: Natural Earth (world-atlas), US Census (us-atlas). ISO footprints and pricing locations: CommonGrid (ODbL).
      </p>
    </section>
  );
}
