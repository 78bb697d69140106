import { formatInstant } from '../../../shared/time/format.js';

const DASH = '—';

/** ISO 8601 instant → `YYYY-MM-DD HH:mm UTC` (the app's one date format in UTC); null → em dash; unparseable → as given. */
export function formatUtc(iso: string | null | undefined): string {
  return formatInstant(iso, 'UTC');
}

/** `earliest → latest`, each via {@link formatUtc}; an em dash when both are missing. */
export function formatWindow(earliest: string | null | undefined, latest: string | null | undefined): string {
  if (!earliest && !latest) return DASH;
  return `${formatUtc(earliest)} → ${formatUtc(latest)}`;
}

const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An integer with thousands separators (`1,234,567`); null → an em dash. */
export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? DASH : intFormat.format(n);
}

/** A market/source for display: upper case (`pjm` → `PJM`); null → an em dash. */
export function formatSource(source: string | null | undefined): string {
  return source ? source.toUpperCase() : DASH;
}

/** True when a dataset description declares the data synthetic (whole word, any case). */
export function isSynthetic(description: string | null | undefined): boolean {
  return !!description && /\bsynthetic\b/i.test(description);
}
