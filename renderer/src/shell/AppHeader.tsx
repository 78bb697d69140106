import { hrefs } from '../lib/router.js';
import { ProfileBadge } from './ProfileBadge.js';

/** The app's header: the brand (a link to the catalogue) and the active profile's badge. */
export function AppHeader() {
  return (
    <header className="app-header" data-testid="app-header">
      <a href={hrefs.catalogue} className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◮
        </span>{' '}
        Gridscope
      </a>
      <ProfileBadge />
    </header>
  );
}
