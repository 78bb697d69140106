import type { ReactNode } from 'react';
import type { Route } from '../lib/router.js';
import { hrefs } from '../lib/router.js';
import { useDownloads } from '../features/downloads/downloadQueries.js';

function NavLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <a href={href} className="nav-link" aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** "Downloads" with the number of files queued, running or verifying, read from the queue as it is polled. */
function DownloadsNavLabel() {
  const active = useDownloads().data?.totals.active ?? 0;
  return (
    <>
      Downloads
      {active > 0 && (
        <span className="nav-badge" data-testid="downloads-badge">
          {active}
          <span className="visually-hidden"> active</span>
        </span>
      )}
    </>
  );
}

/** The app's main navigation, the link of the current `route`'s screen marked as the current page. */
export function SideNav({ route }: { route: Route }) {
  const inCatalogue = route.name === 'catalogue' || route.name === 'dataset' || route.name === 'query';
  return (
    <nav className="side-nav" aria-label="Main">
      <NavLink href={hrefs.catalogue} current={inCatalogue}>
        Catalogue
      </NavLink>
      <NavLink href={hrefs.constraints()} current={route.name === 'constraints' || route.name === 'constraint'}>
        Constraints
      </NavLink>
      <NavLink href={hrefs.locations()} current={route.name === 'locations'}>
        Locations
      </NavLink>
      <NavLink href={hrefs.paths()} current={route.name === 'paths'}>
        Paths
      </NavLink>
      <NavLink href={hrefs.binding()} current={route.name === 'binding'}>
        Binding
      </NavLink>
      <NavLink href={hrefs.map()} current={route.name === 'map'}>
        Map
      </NavLink>
      <NavLink href={hrefs.outages()} current={route.name === 'outages' || route.name === 'outage'}>
        Outages
      </NavLink>
      <NavLink href={hrefs.watchlist()} current={route.name === 'watchlist'}>
        Watchlist
      </NavLink>
      <NavLink href={hrefs.exports()} current={route.name === 'exports'}>
        Exports
      </NavLink>
      <NavLink href={hrefs.downloads} current={route.name === 'downloads'}>
        <DownloadsNavLabel />
      </NavLink>
      <NavLink href={hrefs.library} current={route.name === 'library' || route.name === 'review'}>
        Library
      </NavLink>
      <NavLink href={hrefs.history} current={route.name === 'history'}>
        History
      </NavLink>
      <NavLink href={hrefs.settings} current={route.name === 'settings'}>
        Settings
      </NavLink>
    </nav>
  );
}
