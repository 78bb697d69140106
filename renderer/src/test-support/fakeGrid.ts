import type {
  BindingResults,
  ContractResults,
  GridResults,
  MapResults,
  OutageResults,
  PathResults,
  VerbInput,
} from '../../../shared/bridge/contract.js';
import type { GsError, Result } from '../../../shared/errors.js';

/** The grid verbs (constraints, locations, outages, overlap), the binding-window verbs, the map's, the outage objects' and the path's. */
export type GridVerb = keyof GridResults | keyof BindingResults | keyof MapResults | keyof OutageResults | keyof PathResults;

/** Per verb, what the fake answers for an input; a verb left out answers `not_found`. */
export type FakeGridAnswers = { [V in GridVerb]?: (input: VerbInput<V>) => ContractResults[V] };

/** Grid verbs answering from `answers`, recording each call and its input. */
export function fakeGridVerbs(
  answers: FakeGridAnswers,
  hooks: { record: (verb: GridVerb, input: unknown) => void; failure: (verb: GridVerb) => GsError | undefined },
): { [V in GridVerb]: (input: VerbInput<V>) => Promise<Result<ContractResults[V]>> } {
  const verb =
    <V extends GridVerb>(name: V) =>
    (input: VerbInput<V>): Promise<Result<ContractResults[V]>> => {
      hooks.record(name, input);
      const error = hooks.failure(name);
      if (error) return Promise.resolve({ ok: false, error });
      const make = answers[name] as ((i: VerbInput<V>) => ContractResults[V]) | undefined;
      if (!make) return Promise.resolve({ ok: false, error: { code: 'not_found', message: `${name}: not in the fake` } });
      return Promise.resolve({ ok: true, value: make(input) });
    };
  return {
    'constraints:list': verb('constraints:list'),
    'constraints:contingencies': verb('constraints:contingencies'),
    'constraints:location': verb('constraints:location'),
    'constraints:shiftFactors': verb('constraints:shiftFactors'),
    'constraints:bindingLocations': verb('constraints:bindingLocations'),
    'locations:list': verb('locations:list'),
    'locations:index': verb('locations:index'),
    'locations:shiftFactors': verb('locations:shiftFactors'),
    'locations:constraintCosts': verb('locations:constraintCosts'),
    'outages:active': verb('outages:active'),
    'overlap:forConstraint': verb('overlap:forConstraint'),
    'overlap:forOutage': verb('overlap:forOutage'),
    'map:features': verb('map:features'),
    'map:constraintDetail': verb('map:constraintDetail'),
    'map:ticket': verb('map:ticket'),
    'binding:constraints': verb('binding:constraints'),
    'binding:contingencies': verb('binding:contingencies'),
    'binding:series': verb('binding:series'),
    'binding:locationCosts': verb('binding:locationCosts'),
    'binding:profile': verb('binding:profile'),
    'outages:list': verb('outages:list'),
    'outages:ticket': verb('outages:ticket'),
    'outages:ahead': verb('outages:ahead'),
    'paths:congestion': verb('paths:congestion'),
  };
}
