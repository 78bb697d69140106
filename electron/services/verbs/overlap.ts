import { fail } from '../../../shared/index.js';
import type { Verb } from '../../../shared/index.js';
import type { Handlers, HandlerDeps } from './handlers.js';

/** The overlap verbs. */
export type OverlapVerb = Extract<Verb, `overlap:${string}`>;

/** STUB — being built. */
export function createOverlapHandlers(_deps: HandlerDeps): Pick<Handlers, OverlapVerb> {
  const todo = async () => fail('internal', 'not built yet');
  return { 'overlap:forConstraint': todo, 'overlap:forOutage': todo };
}
