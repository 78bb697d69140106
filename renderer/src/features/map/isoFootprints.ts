import { foldMarket } from '../../../../shared/reference/basemap.js';
import { ISO_FOOTPRINT_BOUNDS } from '../../../../shared/reference/isoFootprints.js';

/**
 * ISO footprints for the camera: each market's bounding box (CommonGrid, real, ODbL; data/commongrid/LICENSE.ODbL.txt).
 * The footprints themselves are drawn from the basemap's vector tiles (basemapStyle.ts).
 */

export { foldMarket };

/** `[[west, south], [east, north]]` of `market`'s footprint; the lower 48 states when there is none. */
export function footprintBounds(market: string): [[number, number], [number, number]] {
  const box = ISO_FOOTPRINT_BOUNDS[foldMarket(market)];
  if (!box)
    return [
      [-125, 24],
      [-66.5, 49.5],
    ];
  return [
    [box[0], box[1]],
    [box[2], box[3]],
  ];
}
