import type { SubstationLocation } from '../../../shared/schemas/constraints.js';

/** Props of the constraint detail's small map: the constraint's substations (either may be missing). */
export interface ConstraintMiniMapProps {
  /** Constraint name, for the map's accessible label. */
  name: string;
  start: SubstationLocation | null;
  end: SubstationLocation | null;
  /** The coordinates are synthetic (the answer's `x-gridscope-synthetic` named `start`/`end`): show the badge. */
  synthetic: boolean;
}

/** STUB — being built: the constraint on a small offline map (lazy-loaded with maplibre). */
export default function ConstraintMiniMap({ name }: ConstraintMiniMapProps) {
  return <div data-testid="constraint-mini-map" aria-label={`Map of ${name}`} />;
}
