import { hrefs } from '../../lib/router.js';

/** Props of {@link UnknownConstraint}: the id asked for and the list's address. */
export interface UnknownConstraintProps {
  constraintId: string;
  listSearch: string;
}

/** A constraint id that neither the constraint list nor the window names (an old or mistyped link): says so, leads back. */
export function UnknownConstraint({ constraintId, listSearch }: UnknownConstraintProps) {
  return (
    <div className="notice cs-unknown" role="status" data-testid="constraint-unknown">
      <p>
        No constraint has the id <code>{constraintId}</code> in this data service: the link may be old, or from another service.
      </p>
      <p>
        <a href={hrefs.constraints(listSearch)}>Find it in the constraints list</a>
      </p>
    </div>
  );
}
