import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import caiso from '../../../../data/commongrid/iso-boundaries/iso-caiso.json';
import ercot from '../../../../data/commongrid/iso-boundaries/iso-ercot.json';
import isone from '../../../../data/commongrid/iso-boundaries/iso-iso-ne.json';
import miso from '../../../../data/commongrid/iso-boundaries/iso-miso.json';
import nyiso from '../../../../data/commongrid/iso-boundaries/iso-nyiso.json';
import pjm from '../../../../data/commongrid/iso-boundaries/iso-pjm.json';
import spp from '../../../../data/commongrid/iso-boundaries/iso-spp.json';

/**
 * ISO footprints: CommonGrid's boundaries (real, ODbL; data/commongrid/LICENSE.ODbL.txt), one MultiPolygon per ISO
 * with `shortName` (PJM, ISO-NE, …), bundled with the map chunk.
 */

/** Properties of a footprint feature, as CommonGrid ships them plus `market` (`shortName` folded: `ISO-NE` → `isone`). */
export interface FootprintProps {
  id: string;
  name: string;
  shortName: string;
  market: string;
}

type Footprint = Feature<Polygon | MultiPolygon, FootprintProps>;

/** A market id folded for comparison: lower case, letters and digits only (`iso-ne`, `ISO-NE` and `isone` agree). */
export function foldMarket(market: string): string {
  return market.toLowerCase().replace(/[^a-z0-9]/g, '');
}

let cached: FeatureCollection<Polygon | MultiPolygon, FootprintProps> | null = null;

/** Every footprint as one collection. */
export function isoFootprints(): FeatureCollection<Polygon | MultiPolygon, FootprintProps> {
  if (cached) return cached;
  const files = [caiso, ercot, isone, miso, nyiso, pjm, spp] as unknown as FeatureCollection<
    Polygon | MultiPolygon,
    Omit<FootprintProps, 'market'>
  >[];
  const features: Footprint[] = files.flatMap((fc) =>
    fc.features.map((f) => ({ ...f, properties: { ...f.properties, market: foldMarket(f.properties.shortName) } })),
  );
  cached = { type: 'FeatureCollection', features };
  return cached;
}

/** `[[west, south], [east, north]]` of `market`'s footprint; the lower 48 states when there is none. */
export function footprintBounds(market: string): [[number, number], [number, number]] {
  const f = isoFootprints().features.find((x) => x.properties.market === foldMarket(market));
  if (!f)
    return [
      [-125, 24],
      [-66.5, 49.5],
    ];
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const rings = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
  for (const polygon of rings)
    for (const ring of polygon)
      for (const [x, y] of ring as [number, number][]) {
        w = Math.min(w, x);
        e = Math.max(e, x);
        s = Math.min(s, y);
        n = Math.max(n, y);
      }
  return [
    [w, s],
    [e, n],
  ];
}
