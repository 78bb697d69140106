import { hrefs } from '../../lib/router.js';
import { gridSearch } from '../constraints/gridChoice.js';
import type { GridChoice } from '../constraints/gridChoice.js';

/** Props of {@link TicketLink}: the ticket and the market, window (and constraint dataset) it was seen in. */
export interface TicketLinkProps {
  ticket: number;
  choice: GridChoice;
}

/**
 * An outage ticket's number as a link to its page (`#/outages/<ticket>`), carrying the market and window it was seen
 * in, so the page reads the ticket as the list showed it (as of the window's start) without asking another window.
 */
export function TicketLink({ ticket, choice }: TicketLinkProps) {
  return (
    <a href={hrefs.outage(ticket, gridSearch(choice))} data-testid="ticket-link" data-ticket={ticket}>
      {ticket}
    </a>
  );
}
