import { z } from 'zod';
import {
  BindingConstraintWithLocations,
  BindingObservation,
  Constraint,
  ConstraintDatasetMetadata,
  ConstraintLocation,
  Contingency,
  LocationConstraintCost,
  OutageEquipment,
  OutageTicket,
  ShiftFactorPerConstraint,
  ShiftFactorPerLocation,
} from '../../../shared/index.js';

/**
 * Lenient readers of the constraint and outage bodies (docs/desktop.md#grid-verbs): the shared schemas
 * (docs/api.md#constraint-list … #active-outages) after two normalisations, so a spec-valid body from another /v1 server
 * is read as ours is — a list may come bare or as `{data: [...]}`, and a key the shared type allows to be null may be
 * absent (→ null, or [] / false where noted). A wrong type where a value is given is still refused.
 */

const isRecord = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** `schema` after filling the keys of `defaults` that the received object lacks (or sends as null where [] is meant). */
function withDefaults<T extends z.ZodType>(schema: T, defaults: Record<string, unknown>) {
  return z.preprocess((raw) => {
    if (!isRecord(raw)) return raw;
    const filled: Record<string, unknown> = { ...raw };
    for (const [key, value] of Object.entries(defaults)) filled[key] ??= value;
    return filled;
  }, schema);
}

/** An array of `item`, bare or as the `data` of an envelope. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((raw) => (isRecord(raw) && Array.isArray(raw.data) ? raw.data : raw), z.array(item));
}

const LenientConstraint = withDefaults(Constraint, {
  earliest_seen_utc: null,
  latest_seen_utc: null,
  available_datasets: null,
});

/** `GET /constraints`: `{data, dataset_metadata}` or a bare array; `dataset_metadata` absent → null. */
export const ClientConstraintList = z.preprocess(
  (raw) => (Array.isArray(raw) ? { data: raw } : raw),
  z.object({
    data: z.array(LenientConstraint),
    dataset_metadata: ConstraintDatasetMetadata.nullish().transform((m) => m ?? null),
  }),
);

/** `GET /constraints/contingencies`: a bare array (ours) or `{data}`; both timestamps stay required (always sent). */
export const ClientContingencyList = listOf(
  withDefaults(Contingency, { market_id: null, earliest_seen_utc: null, latest_seen_utc: null, available_datasets: null }),
);

/** `GET /constraints/{id}/location`: `start`/`end` absent → null. */
export const ClientConstraintLocation = withDefaults(ConstraintLocation, { start: null, end: null });

/** `GET /constraints/{id}/shift-factors`: one row per location. */
export const ClientShiftFactorsPerLocation = listOf(ShiftFactorPerLocation);

/** `GET /constraints/locations/{id}/shift-factors`: one row per constraint. */
export const ClientShiftFactorsPerConstraint = listOf(ShiftFactorPerConstraint);

/** `GET /constraints/locations/{id}/constraint-costs`: contingency and cost keys absent → null. */
export const ClientLocationConstraintCosts = listOf(
  withDefaults(LocationConstraintCost, {
    contingency_gs_entity_id: null,
    contingency_name: null,
    absolute_cost: null,
    adjusted_cost: null,
  }),
);

const LenientObservation = withDefaults(BindingObservation, { contingency_gs_entity_id: null, contingency_name: null });

/** `GET /constraints/binding/locations`: substations absent → null, contingencies and observations absent → []. */
export const ClientBindingLocations = listOf(
  withDefaults(BindingConstraintWithLocations.extend({ observations: z.array(LenientObservation) }), {
    start: null,
    end: null,
    contingencies: [],
    observations: [],
  }),
);

const LenientTicket = withDefaults(
  OutageTicket.extend({ equipment: z.array(withDefaults(OutageEquipment, { from_substation: null, to_substation: null })) }),
  // A server that does not mark synthetic tickets publishes real ones.
  { causes: [], equipment: [], is_synthetic: false },
);

/** `GET /outages/{market}/active`: `{truncated, tickets}` or a bare ticket array (`truncated` then false). */
export const ClientActiveOutages = z.preprocess(
  (raw) => (Array.isArray(raw) ? { tickets: raw } : raw),
  z.object({
    truncated: z
      .boolean()
      .nullish()
      .transform((t) => t ?? false),
    tickets: z.array(LenientTicket),
  }),
);
