import type { z } from 'zod';
import type { ConstraintDatasetMetadata } from '../../../../shared/schemas/constraints.js';

/** A dataset the detail page can chart: a priced constraint dataset (one with shadow prices). */
export interface DatasetOption {
  id: string;
  label: string;
  /** The constraint appears in it (its `available_datasets`). */
  seen: boolean;
}

const KIND: Record<string, string> = { rt: 'Real-time', da: 'Day-ahead' };

/**
 * The priced datasets of `market` from the list's `dataset_metadata` (rt, then da), each marked by whether the
 * constraint was seen in it; the current dataset is kept even when not listed, so the picker always shows it.
 */
export function datasetOptions(
  metadata: z.infer<typeof ConstraintDatasetMetadata> | null | undefined,
  market: string,
  available: readonly string[] | null | undefined,
  current: string,
): DatasetOption[] {
  const seen = new Set(available ?? []);
  const options: DatasetOption[] = [];
  for (const [kind, specs] of Object.entries(metadata?.[market] ?? {}))
    for (const spec of specs)
      if (!options.some((o) => o.id === spec.dataset_id))
        options.push({
          id: spec.dataset_id,
          label: `${KIND[kind] ?? kind}: ${spec.dataset_id}`,
          seen: seen.has(spec.dataset_id),
        });
  if (!options.some((o) => o.id === current)) options.unshift({ id: current, label: current, seen: seen.has(current) });
  return options;
}
