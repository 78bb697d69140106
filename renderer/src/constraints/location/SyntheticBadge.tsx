import type { SyntheticFields } from '../../../../shared/bridge/grid.js';

// The service's field names (x-gridscope-synthetic, docs/api.md#synthetic-data) in analysts' words.
const WORDS: Record<string, string> = {
  estimated_shift_factor: 'shift factors',
  shift_factor: 'shift factors',
  adjusted_cost: 'adjusted costs',
  start: 'substation coordinates',
  end: 'substation coordinates',
};

/** The synthetic fields of an answer in words, each once: `['shift_factor', 'adjusted_cost']` → `shift factors and adjusted costs`. */
export function syntheticWords(fields: SyntheticFields): string {
  const words = [...new Set(fields.map((f) => WORDS[f.trim()] ?? f.trim().replace(/_/g, ' ')))].filter(Boolean);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * A visible "Synthetic" badge with its explanation when an answer carries synthetic fields (docs/constraints.md#what-is-real-and-what-is-synthetic);
 * nothing when every field is real.
 */
export function SyntheticBadge({ fields, testId }: { fields: SyntheticFields; testId?: string }) {
  if (fields.length === 0) return null;
  const what = syntheticWords(fields);
  const why = `The ${what} here are synthetic: made by a seeded generator, not published market data.`;
  return (
    <span className="synthetic-note" data-testid={testId ?? 'synthetic-badge'}>
      <span className="badge warn" title={why}>
        Synthetic
      </span>{' '}
      <span className="muted">{why}</span>
    </span>
  );
}
