import { useQuery } from '@tanstack/react-query';
import { BASEMAP_FOLDER, PLACES_FILE } from '../../../../shared/reference/basemap.js';
import type { Place } from '../../../../shared/reference/basemap.js';

const NONE: Place[] = [];

/**
 * The places the map labels (basemap/places.json beside the page, cut at build time from GeoNames, CC BY 4.0), most
 * populous first; none while they load or when the file cannot be read (the map then draws no place names).
 */
export function usePlaces(): Place[] {
  const q = useQuery({
    queryKey: ['basemap', 'places'],
    queryFn: async ({ signal }) => {
      const r = await fetch(new URL(`${BASEMAP_FOLDER}/${PLACES_FILE}`, document.baseURI), { signal });
      if (!r.ok) throw new Error(`places: HTTP ${r.status}`);
      return (await r.json()) as Place[];
    },
    staleTime: Infinity,
    retry: false,
  });
  return q.data ?? NONE;
}
