import type { ExpressionSpecification } from 'maplibre-gl';

/**
 * Colour and size scales of the data layers, with the same numbers for maplibre expressions and the legend.
 * Shadow prices span four orders of magnitude ($1 to $thousands per MWh), so the price scale is in classes
 * (a maplibre `step`), not linear: each class reads in the legend as a range.
 */

/** Lower bounds of the peak |shadow price| classes ($/MWh); the first class starts at 0. */
export const PRICE_BREAKS = [0, 10, 50, 100, 500, 1000] as const;

/** One colour per class, low → high; warm hues (outages use cool ones). The dark map gets lighter tones. */
export const PRICE_COLORS = {
  light: ['#e8b20e', '#f08a24', '#e0452b', '#c01d6b', '#7a1fa2', '#3f1d8c'],
  dark: ['#f5d04a', '#f7a13e', '#f2613f', '#e8458f', '#c07bf0', '#9e8cff'],
} as const;

/** Line width per class, px; constraints drawn as points get these as radii plus 1. */
export const PRICE_WIDTHS = [1.5, 2, 3, 4, 5.5, 7] as const;

/** The class index of a peak |shadow price| (negative values count by magnitude; NaN → the lowest class). */
export function priceClass(peak: number): number {
  const v = Math.abs(peak);
  let k = 0;
  for (let i = 1; i < PRICE_BREAKS.length; i++) if (v >= PRICE_BREAKS[i]!) k = i;
  return k;
}

/** The legend's label of class `k`, e.g. `10–50`, `≥ 1,000`. */
export function priceClassLabel(k: number): string {
  const lo = PRICE_BREAKS[k]!;
  const hi = PRICE_BREAKS[k + 1];
  const f = (n: number) => n.toLocaleString('en-US');
  return hi === undefined ? `≥ ${f(lo)}` : `${f(lo)}–${f(hi)}`;
}

function stepExpression(property: string, values: readonly (string | number)[]): ExpressionSpecification {
  const stops = PRICE_BREAKS.slice(1).flatMap((b, i) => [b, values[i + 1]!]);
  return ['step', ['abs', ['to-number', ['get', property], 0]], values[0]!, ...stops] as unknown as ExpressionSpecification;
}

/** Line (and point) colour by the feature's `peak_abs_shadow_price`. */
export function priceColorExpression(dark: boolean): ExpressionSpecification {
  return stepExpression('peak_abs_shadow_price', dark ? PRICE_COLORS.dark : PRICE_COLORS.light);
}

/** Line width by `peak_abs_shadow_price`; `extra` px is added (the selection halo is wider). */
export function priceWidthExpression(extra = 0): ExpressionSpecification {
  return stepExpression(
    'peak_abs_shadow_price',
    PRICE_WIDTHS.map((w) => w + extra),
  );
}

/** Colours of the outage types the data has (eDART `OUTAGE TYPE`); anything else is "Other". */
export const OUTAGE_TYPE_COLORS: readonly { type: string; color: string }[] = [
  { type: 'Continuous', color: '#2f7ed8' },
  { type: 'Daily', color: '#12a4a4' },
  { type: 'Daily (No Weekend)', color: '#4f9a3a' },
];
/** Colour of an outage type not in {@link OUTAGE_TYPE_COLORS}. */
export const OTHER_OUTAGE_COLOR = '#7d8796';

/** The colour of `outageType` (the legend and tests use it; the layer uses {@link outageColorExpression}). */
export function outageTypeColor(outageType: string): string {
  return OUTAGE_TYPE_COLORS.find((c) => c.type === outageType)?.color ?? OTHER_OUTAGE_COLOR;
}

/** Outage colour by `outage_type`. */
export function outageColorExpression(): ExpressionSpecification {
  return [
    'match',
    ['get', 'outage_type'],
    ...OUTAGE_TYPE_COLORS.flatMap((c) => [c.type, c.color]),
    OTHER_OUTAGE_COLOR,
  ] as unknown as ExpressionSpecification;
}

/** How a ticket status is drawn: opacity and dash pattern (line widths); statuses not listed draw like Active. */
export const STATUS_STYLES: readonly { status: string; opacity: number; dash: [number, number]; note: string }[] = [
  { status: 'Active', opacity: 0.95, dash: [1, 0], note: 'solid' },
  { status: 'Approved', opacity: 0.95, dash: [1, 0], note: 'solid' },
  { status: 'Submitted', opacity: 0.85, dash: [2, 1.5], note: 'dashed' },
  { status: 'Revised', opacity: 0.85, dash: [2, 1.5], note: 'dashed' },
  { status: 'Completed', opacity: 0.5, dash: [1, 0], note: 'faint' },
  { status: 'Cancelled', opacity: 0.28, dash: [0.6, 1.6], note: 'faint, dotted' },
];

/** Opacity of a status (unknown → 0.95). */
export function statusOpacity(status: string): number {
  return STATUS_STYLES.find((s) => s.status === status)?.opacity ?? 0.95;
}

/** Line or circle opacity by `status`. */
export function statusOpacityExpression(): ExpressionSpecification {
  return [
    'match',
    ['get', 'status'],
    ...STATUS_STYLES.flatMap((s) => [s.status, s.opacity]),
    0.95,
  ] as unknown as ExpressionSpecification;
}

/** Dash pattern by `status` (data-driven `line-dasharray`, maplibre ≥ 5.8). */
export function statusDashExpression(): ExpressionSpecification {
  return [
    'match',
    ['get', 'status'],
    ...STATUS_STYLES.flatMap((s) => [s.status, ['literal', s.dash]]),
    ['literal', [1, 0]],
  ] as unknown as ExpressionSpecification;
}
