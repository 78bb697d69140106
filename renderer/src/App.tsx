import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { CataloguePage } from './screens/catalogue/CataloguePage.js';
import { EMPTY_FILTER } from './screens/catalogue/filter.js';
import type { CatalogueFilter } from './screens/catalogue/filter.js';
import { DatasetPage } from './screens/dataset/DatasetPage.js';
import { FOCUS_SEARCH_EVENT } from './screens/catalogue/CatalogueToolbar.js';
import { hrefs, navigate, useHashRoute } from './lib/router.js';
import type { Route } from './lib/router.js';
import { QueryPage } from './screens/query/QueryPage.js';
import type { QueryFormMemory } from './screens/query/QueryForm.js';
import { SettingsPage } from './screens/settings/SettingsPage.js';
import { AppHeader } from './shell/AppHeader.js';
import { EmbeddedNotice } from './shell/EmbeddedNotice.js';
import { SideNav } from './shell/SideNav.js';
import { SkipLink } from './shell/SkipLink.js';
import { useHeadingFocusOnNavigate } from './shell/screenFocus.js';
import { UsageMeter } from './shell/UsageMeter.js';
import { HistoryPage } from './screens/history/HistoryPage.js';
import { BindingPage } from './screens/binding/BindingPage.js';
import { PathsPage } from './screens/paths/PathsPage.js';
import { ConstraintDetailPage } from './screens/constraint/ConstraintDetailPage.js';
import { ConstraintsPage } from './screens/constraints/ConstraintsPage.js';
import { ContingencyPage } from './screens/contingency/ContingencyPage.js';
import { LocationPage } from './screens/locations/LocationPage.js';
import { ExportsPage } from './screens/exports/ExportsPage.js';
import { DownloadsPage } from './screens/downloads/DownloadsPage.js';
import { LibraryPage } from './screens/library/LibraryPage.js';
import { ReviewPage } from './screens/review/ReviewPage.js';
import { OutagesPage } from './screens/outages/OutagesPage.js';
import { TicketPage } from './screens/outages/TicketPage.js';
import { WatchlistPage } from './screens/watchlist/WatchlistPage.js';

// maplibre is ~1 MB: the map page and it load only when the map is opened.
const MapPage = lazy(() => import('./screens/map/MapPage.js'));

function useMenuCommands(): void {
  useEffect(() => {
    const subscribe = window.gridscope?.onCommand;
    if (!subscribe) return;
    return subscribe((command) => {
      if (command === 'open-settings') navigate(hrefs.settings);
      else if (command === 'focus-search') {
        navigate(hrefs.catalogue);
        window.dispatchEvent(new Event(FOCUS_SEARCH_EVENT));
      }
    });
  }, []);
}

/** The app shell; holds the catalogue filter and each dataset's query form so they survive navigation. */
export function App() {
  const route = useHashRoute();
  const [filter, setFilter] = useState<CatalogueFilter>(EMPTY_FILTER);
  const [queryForms] = useState<QueryFormMemory>(() => new Map());
  const mainRef = useRef<HTMLElement>(null);
  useMenuCommands();
  useHeadingFocusOnNavigate(route, mainRef);
  return (
    <div className="shell">
      <SkipLink mainRef={mainRef} />
      <AppHeader />
      <SideNav route={route} />
      <main className="main" id="main" ref={mainRef} tabIndex={-1}>
        <EmbeddedNotice />
        <RouteView route={route} filter={filter} onFilterChange={setFilter} queryForms={queryForms} />
      </main>
      <UsageMeter />
    </div>
  );
}

function RouteView({
  route,
  filter,
  onFilterChange,
  queryForms,
}: {
  route: Route;
  filter: CatalogueFilter;
  onFilterChange: (f: CatalogueFilter) => void;
  queryForms: QueryFormMemory;
}) {
  switch (route.name) {
    case 'catalogue':
      return <CataloguePage filter={filter} onFilterChange={onFilterChange} />;
    case 'dataset':
      return <DatasetPage key={route.datasetId} datasetId={route.datasetId} />;
    case 'query':
      return <QueryPage key={route.datasetId} datasetId={route.datasetId} search={route.search} formMemory={queryForms} />;
    case 'history':
      return <HistoryPage />;
    case 'settings':
      return <SettingsPage />;
    case 'constraints':
      return <ConstraintsPage search={route.search} />;
    case 'constraint':
      return <ConstraintDetailPage key={route.constraintId} constraintId={route.constraintId} search={route.search} />;
    case 'contingency':
      return <ContingencyPage key={route.contingencyId} contingencyId={route.contingencyId} search={route.search} />;
    case 'locations':
      return <LocationPage locationId={route.locationId} search={route.search} />;
    case 'binding':
      return <BindingPage search={route.search} />;
    case 'paths':
      return <PathsPage search={route.search} />;
    case 'map':
      return (
        <Suspense fallback={<section className="page" aria-busy="true" data-testid="map-loading" />}>
          <MapPage search={route.search} />
        </Suspense>
      );
    case 'outages':
      return <OutagesPage search={route.search} />;
    case 'outage':
      return <TicketPage key={route.ticket} ticket={route.ticket} search={route.search} />;
    case 'watchlist':
      return <WatchlistPage search={route.search} />;
    case 'exports':
      return <ExportsPage search={route.search} />;
    case 'downloads':
      return <DownloadsPage />;
    case 'library':
      return <LibraryPage />;
    case 'review':
      return <ReviewPage search={route.search} />;
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
