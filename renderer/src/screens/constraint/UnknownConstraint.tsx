import { ErrorState } from '../../components/ErrorState.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs } from '../../lib/router.js';

/** Props of {@link UnknownConstraint}: the id asked for, why its location could not be read, and how to ask again. */
export interface UnknownConstraintProps {
  constraintId: string;
  error: unknown;
  listSearch: string;
  onRetry: () => void;
}

/**
 * A constraint id that no answer knows (an old or mistyped link): a "not found" says so and leads back to the
 * constraints list; any other error is the service's, shown as such with Retry.
 */
export function UnknownConstraint({ constraintId, error, listSearch, onRetry }: UnknownConstraintProps) {
  if (toGsError(error).code !== 'not_found')
    return <ErrorState error={error} what="the constraint" verb="constraints:location" onRetry={onRetry} />;
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
