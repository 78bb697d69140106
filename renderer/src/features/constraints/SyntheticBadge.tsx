// The service's field names (x-gridscope-synthetic, docs/api.md#synthetic-data) in analysts' words.
const FIELD_WORDS: Record<string, string> = {
  estimated_shift_factor: 'shift factors',
  shift_factor: 'shift factors',
  adjusted_cost: 'adjusted costs',
  start: 'substation coordinates',
  end: 'substation coordinates',
  from_substation: 'outage equipment coordinates',
  to_substation: 'outage equipment coordinates',
};

const wordOf = (field: string): string => {
  const f = field.trim();
  return FIELD_WORDS[f] ?? (/is_synthetic/.test(f) ? 'outage tickets' : f.replace(/_/g, ' '));
};

/** The synthetic fields of an answer in words, each once: `['shift_factor', 'adjusted_cost']` → `shift factors and adjusted costs`. */
export function syntheticWords(fields: readonly string[]): string {
  const words = [...new Set(fields.map(wordOf))].filter(Boolean);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Props of {@link SyntheticBadge}: the answer's synthetic fields; `explain` also shows the sentence beside the badge. */
export interface SyntheticBadgeProps {
  fields: readonly string[];
  testId?: string;
  explain?: boolean;
}

/**
 * A visible "Synthetic" badge when an answer names synthetic fields (its `synthetic` list, docs/constraints.md#what-is-real-and-what-is-synthetic),
 * its explanation as tooltip and for screen readers, or written beside it with `explain`; nothing when all is real.
 */
export function SyntheticBadge({ fields, testId = 'synthetic-badge', explain = false }: SyntheticBadgeProps) {
  if (fields.length === 0) return null;
  const why = `The ${syntheticWords(fields)} here are synthetic: made by a seeded generator, not published market data.`;
  if (explain)
    return (
      <span className="synthetic-note" data-testid={testId}>
        <span className="badge warn" title={why}>
          Synthetic
        </span>{' '}
        <span className="muted">{why}</span>
      </span>
    );
  return (
    <span className="badge warn" data-testid={testId} title={why}>
      Synthetic<span className="visually-hidden">: {why}</span>
    </span>
  );
}
