import type { ReactNode } from 'react';
import type { PricingLocation } from '../../../../shared/bridge/grid.js';
import { formatSource } from '../../lib/format.js';
import { locationTypeLabel } from './LocationPicker.js';

/** `39.9526° N, 75.1652° W` for a latitude and longitude in degrees. */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (v: number, pos: string, neg: string) => `${Math.abs(v).toFixed(4)}° ${v < 0 ? neg : pos}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/** A pricing location's heading: its name, then hub or zone, market and coordinates (CommonGrid, real) when known, and `star`. */
export function LocationHeader({ location, star }: { location: PricingLocation; star?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 id="location-title">{location.name}</h1>
      <p className="subtitle" data-testid="location-facts">
        <span className="badge">{locationTypeLabel(location.location_type)}</span>
        <span>{formatSource(location.market_id)}</span>
        {location.latitude !== null && location.longitude !== null && (
          <span className="muted">{formatCoordinates(location.latitude, location.longitude)}</span>
        )}
      </p>
      {star}
    </header>
  );
}
