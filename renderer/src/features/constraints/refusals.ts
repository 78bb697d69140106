import { inUserWords } from '../../components/fieldErrors.js';
import { toGsError } from '../../lib/bridgeQuery.js';

// The service's 400 details about the dataset (docs/api.md#location-constraint-costs, #binding-rows).
const NO_SHADOW_PRICE = /has no shadow price column/i;
const NOT_CONSTRAINT_DATASET = /is not a constraint dataset/i;

/** What the service said, in user words, without the proxy's "rejected the request (400):" preamble. */
const detailOf = (message: string): string => inUserWords(message).replace(/^[^:]*\(\d{3}\):\s*/, '');

/**
 * The service's refusal of a dataset for lacking shadow prices (costs, a price threshold), in user words, for the field
 * it belongs to; null for any other error (those go to the page's error panel).
 */
export function noShadowPriceRefusal(error: unknown): string | null {
  if (!error) return null;
  const gs = toGsError(error);
  return NO_SHADOW_PRICE.test(gs.message) ? detailOf(gs.message) : null;
}

/** The service's refusal of a dataset that is not a constraint dataset, in user words; null for any other error. */
export function notConstraintDatasetRefusal(error: unknown): string | null {
  if (!error) return null;
  const gs = toGsError(error);
  return NOT_CONSTRAINT_DATASET.test(gs.message) ? detailOf(gs.message) : null;
}
