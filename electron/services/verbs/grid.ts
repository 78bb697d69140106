import { fail } from '../../../shared/index.js';
import type { Verb } from '../../../shared/index.js';
import type { Handlers, HandlerDeps } from './handlers.js';

/** The grid verbs answered from /v1 (constraints, locations, outages). */
export type GridVerb = Extract<Verb, `constraints:${string}` | `locations:${string}` | `outages:${string}`>;

/** STUB — being built. */
export function createGridHandlers(_deps: HandlerDeps): Pick<Handlers, GridVerb> {
  const todo = async () => fail('internal', 'not built yet');
  return {
    'constraints:list': todo,
    'constraints:contingencies': todo,
    'constraints:location': todo,
    'constraints:shiftFactors': todo,
    'constraints:bindingLocations': todo,
    'locations:list': todo,
    'locations:shiftFactors': todo,
    'locations:constraintCosts': todo,
    'outages:active': todo,
  };
}
