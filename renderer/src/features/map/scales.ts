/**
 * Colour and size scales of the data layers, with the same numbers for the deck.gl layers and the legend.
 * Shadow prices span four orders of magnitude ($1 to $thousands per MWh), so the price scale is in classes
 * (steps), not linear: each class reads in the legend as a range.
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

/** `#rrggbb` as `[r, g, b]` (0–255), the colour form deck.gl's accessors take. */
export function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Colour of a peak |shadow price| ($/MWh) in the light or dark palette. */
export function priceColor(peak: number, dark: boolean): string {
  return (dark ? PRICE_COLORS.dark : PRICE_COLORS.light)[priceClass(peak)]!;
}

/** Line width (px) of a peak |shadow price|; constraints drawn as points get it as radius plus 1. */
export function priceWidth(peak: number): number {
  return PRICE_WIDTHS[priceClass(peak)]!;
}

/** Colours of the outage types the data has (eDART `OUTAGE TYPE`); anything else is "Other". */
export const OUTAGE_TYPE_COLORS: readonly { type: string; color: string }[] = [
  { type: 'Continuous', color: '#2f7ed8' },
  { type: 'Daily', color: '#12a4a4' },
  { type: 'Daily (No Weekend)', color: '#4f9a3a' },
];
/** Colour of an outage type not in {@link OUTAGE_TYPE_COLORS}. */
export const OTHER_OUTAGE_COLOR = '#7d8796';

/** The colour of `outageType` (the outage layers and the legend). */
export function outageTypeColor(outageType: string): string {
  return OUTAGE_TYPE_COLORS.find((c) => c.type === outageType)?.color ?? OTHER_OUTAGE_COLOR;
}

/**
 * How a ticket status is drawn: opacity and line width (px at zoom 6; thinner for a ticket not yet approved); statuses not
 * listed draw like Active. Cancelled tickets are drawn only when the page asks for them.
 */
export const STATUS_STYLES: readonly { status: string; opacity: number; width: number; note: string }[] = [
  { status: 'Active', opacity: 0.95, width: 2.5, note: 'solid' },
  { status: 'Approved', opacity: 0.95, width: 2.5, note: 'solid' },
  { status: 'Submitted', opacity: 0.8, width: 1.5, note: 'thin' },
  { status: 'Revised', opacity: 0.8, width: 1.5, note: 'thin' },
  { status: 'Completed', opacity: 0.45, width: 2.5, note: 'faint' },
  { status: 'Cancelled', opacity: 0.25, width: 1.5, note: 'faint, thin' },
];

/** Opacity of a status (unknown → 0.95). */
export function statusOpacity(status: string): number {
  return STATUS_STYLES.find((s) => s.status === status)?.opacity ?? 0.95;
}

/** Line width (px) of a status (unknown → Active's). */
export function statusWidth(status: string): number {
  return STATUS_STYLES.find((s) => s.status === status)?.width ?? STATUS_STYLES[0]!.width;
}
