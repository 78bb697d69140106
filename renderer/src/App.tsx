import { useState } from 'react';
import { CataloguePage } from './catalogue/CataloguePage.js';
import { EMPTY_FILTER } from './catalogue/filter.js';
import type { CatalogueFilter } from './catalogue/filter.js';
import { ProfileBadge } from './components/ProfileBadge.js';
import { DatasetPage } from './dataset/DatasetPage.js';
import { hrefs, useHashRoute } from './lib/router.js';
import type { Route } from './lib/router.js';
import { SettingsPage } from './settings/SettingsPage.js';

function NavLink({ href, current, children }: { href: string; current: boolean; children: string }) {
  return (
    <a href={href} className="nav-link" aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

/**
 * The app shell: header with the active-profile badge, left navigation (Catalogue, Settings) and
 * the routed main area. Holds the catalogue filter so it survives a visit to a dataset.
 */
export function App() {
  const route = useHashRoute();
  const [filter, setFilter] = useState<CatalogueFilter>(EMPTY_FILTER);
  const inCatalogue = route.name === 'catalogue' || route.name === 'dataset';
  return (
    <div className="shell">
      <header className="app-header" data-testid="app-header">
        <a href={hrefs.catalogue} className="brand">
          <span className="brand-mark" aria-hidden="true">◮</span> Gridscope
        </a>
        <ProfileBadge />
      </header>
      <nav className="side-nav" aria-label="Main">
        <NavLink href={hrefs.catalogue} current={inCatalogue}>
          Catalogue
        </NavLink>
        <NavLink href={hrefs.settings} current={route.name === 'settings'}>
          Settings
        </NavLink>
      </nav>
      <main className="main" id="main">
        <RouteView route={route} filter={filter} onFilterChange={setFilter} />
      </main>
    </div>
  );
}

function RouteView({ route, filter, onFilterChange }: { route: Route; filter: CatalogueFilter; onFilterChange: (f: CatalogueFilter) => void }) {
  switch (route.name) {
    case 'catalogue':
      return <CataloguePage filter={filter} onFilterChange={onFilterChange} />;
    case 'dataset':
      return <DatasetPage key={route.datasetId} datasetId={route.datasetId} />;
    case 'settings':
      return <SettingsPage />;
    default:
      return (
        <section className="page" data-testid="not-found">
          <h1>Page not found</h1>
          <p>
            Nothing lives at <code>{route.path}</code>. <a href={hrefs.catalogue}>Back to the catalogue</a>.
          </p>
        </section>
      );
  }
}
