import { fieldErrorOf } from '../../components/fieldErrors.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import type { BindingProblems } from './bindingForm.js';
import { noShadowPriceRefusal, notConstraintDatasetRefusal } from '../../features/constraints/refusals.js';

/**
 * The refusals of a binding pull that belong to a form field: the service's "has no shadow price column" by the
 * threshold (by the dataset when no threshold was asked), "is not a constraint dataset" by the dataset, and window or
 * limit refusals (bridge schema, /v1 texts: `fieldErrorOf`) by theirs. Empty when the error belongs to no field.
 */
export function bindingProblemsOf(error: unknown, threshold: number | null): BindingProblems {
  if (!error) return {};
  const noPrice = noShadowPriceRefusal(error);
  if (noPrice) return threshold !== null ? { threshold: noPrice } : { dataset: noPrice };
  const notConstraint = notConstraintDatasetRefusal(error);
  if (notConstraint) return { dataset: notConstraint };
  const field = fieldErrorOf(toGsError(error));
  if (field && (field.field === 'start' || field.field === 'end' || field.field === 'limit'))
    return { [field.field]: field.text };
  if (/priceThreshold|price_threshold/.test(toGsError(error).message))
    return { threshold: 'The service refused the threshold: use a number of $/MWh, 0 or more.' };
  return {};
}
