import { useState } from 'react';
import type { ReactNode } from 'react';

// Sections opened per constraint in this session: reopening the page shows them open again (their answers are cached).
const opened = new Map<string, Set<string>>();

/** Forgets which sections were opened, as a new session would (tests start each case afresh). */
export function forgetOpenedSections(): void {
  opened.clear();
}

/** Props of {@link OnDemand}: whose section it is, its heading and what opening it asks of /v1, in words. */
export interface OnDemandProps {
  constraintId: string;
  section: string;
  title: ReactNode;
  /** What loading it costs, e.g. "1 request": said on the button, so the free plan's analyst can choose. */
  cost: string;
  /** The button's words, e.g. "Show shift factors". */
  action: string;
  children: () => ReactNode;
}

/**
 * A section of the constraint page that needs its own /v1 request(s) (docs/desktop.md#the-request-budget): closed on a
 * first open, so the page costs at most two requests; a button opens it, saying what that costs. Once opened for a
 * constraint it stays open whenever that constraint's page is shown again in this session.
 */
export function OnDemand({ constraintId, section, title, cost, action, children }: OnDemandProps) {
  const [open, setOpen] = useState(() => opened.get(constraintId)?.has(section) ?? false);
  const show = () => {
    const set = opened.get(constraintId) ?? new Set<string>();
    opened.set(constraintId, set.add(section));
    setOpen(true);
  };
  if (open) return <>{children()}</>;
  const id = `cs-${section}-title`;
  return (
    <section className="card cs-section cs-on-demand" aria-labelledby={id} data-testid={`on-demand-${section}`}>
      <h2 id={id}>{title}</h2>
      <p className="muted">
        <button type="button" onClick={show} data-testid={`open-${section}`}>
          {action}
        </button>{' '}
        ({cost} to the data service)
      </p>
    </section>
  );
}
