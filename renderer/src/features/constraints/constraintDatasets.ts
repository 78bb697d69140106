import type { z } from 'zod';
import { humanize } from '../../../../shared/vocabulary/columns.js';
import type { Constraint, ConstraintDatasetMetadata } from '../../../../shared/schemas/constraints.js';

/** Whether a dataset's shadow prices give the real-time (`rt`) or the day-ahead (`da`) absolute cost. */
export type PriceKind = 'rt' | 'da';

/** A constraint dataset as the grid pages name it. */
export interface ConstraintDataset {
  id: string;
  /** The catalogue's name (`datasets:list`), else the id in words. */
  name: string;
  /** Its market, lower case; null when no answer says. */
  market: string | null;
  /** rt or da for a priced dataset (one in `dataset_metadata`); null otherwise. */
  kind: PriceKind | null;
  /** True when it has shadow prices (costs, threshold); false when known to have none; null when unknown. */
  priced: boolean | null;
}

/** What a constraint list answer tells about datasets: the constraints' `available_datasets` and the metadata. */
export interface DatasetSource {
  constraints: readonly { market_id: string | null; available_datasets: Constraint['available_datasets'] }[];
  datasetMetadata: z.infer<typeof ConstraintDatasetMetadata> | null;
}

const KIND_WORDS: Record<PriceKind, string> = { rt: 'Real-time', da: 'Day-ahead' };
const KIND_ORDER: Record<string, number> = { rt: 0, da: 1 };

/**
 * The constraint datasets of a list answer (docs/api.md#constraint-list): the priced ones of `dataset_metadata`
 * (market → rt/da → dataset) and every `available_datasets` entry, named from the catalogue. A dataset absent from the
 * metadata while the metadata is present has no shadow price column. Order: real-time, day-ahead, then the unpriced,
 * each by name.
 */
export function constraintDatasets(
  source: DatasetSource | undefined,
  catalogue: readonly { id: string; name: string }[] | undefined,
): ConstraintDataset[] {
  if (!source) return [];
  const byId = new Map<string, ConstraintDataset>();
  const add = (id: string, market: string | null, kind: PriceKind | null) => {
    const known = byId.get(id);
    if (known) {
      known.market ??= market;
      known.kind ??= kind;
      return;
    }
    // Without the catalogue at hand, the id in words: `pjm_marginal_value_real_time_5_min` → "PJM marginal value real time 5 min".
    const name = catalogue?.find((d) => d.id === id)?.name ?? humanize(id);
    byId.set(id, { id, name, market, kind, priced: kind ? true : source.datasetMetadata ? false : null });
  };
  for (const [market, kinds] of Object.entries(source.datasetMetadata ?? {}))
    for (const [kind, specs] of Object.entries(kinds))
      for (const s of specs) add(s.dataset_id, market, kind === 'rt' || kind === 'da' ? kind : null);
  for (const c of source.constraints) for (const id of c.available_datasets ?? []) add(id, c.market_id ?? null, null);
  const rank = (d: ConstraintDataset) => (d.kind ? KIND_ORDER[d.kind]! : 2);
  return [...byId.values()].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/**
 * A dataset in a word or two, for table cells: "Real-time" / "Day-ahead" for a priced one, else its catalogue name
 * shortened ("PJM Transmission Constraints Day Ahead Hourly" → "DA constraints"), else the name without its market.
 */
export function shortDatasetLabel(d: ConstraintDataset): string {
  if (d.kind) return KIND_WORDS[d.kind];
  const phase = /day[ _-]?ahead/i.test(d.name) ? 'DA' : /real[ _-]?time/i.test(d.name) ? 'RT' : '';
  if (phase && /constraint/i.test(d.name)) return `${phase} constraints`;
  // A catalogue name loses its market ("PJM …"); an id without a name stays whole, as it is the only key.
  const market = d.market && d.name !== d.id ? new RegExp(`^${d.market} `, 'i') : null;
  return market ? d.name.replace(market, '') : d.name;
}

/** A dataset as a select offers it: "Real-time — PJM Marginal Value Real Time 5 Min"; "(no shadow prices)" when known. */
export function datasetOptionLabel(d: ConstraintDataset): string {
  if (d.kind) return `${KIND_WORDS[d.kind]} — ${d.name}`;
  return d.priced === false ? `${d.name} (no shadow prices)` : d.name;
}

/** A dataset id as a sentence names it: the option label when known, else the id in words. */
export function datasetName(datasets: readonly ConstraintDataset[], id: string): string {
  const d = datasets.find((x) => x.id === id);
  return d ? datasetOptionLabel(d).replace(' (no shadow prices)', '') : humanize(id);
}
