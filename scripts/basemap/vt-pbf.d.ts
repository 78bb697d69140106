// vt-pbf 3 ships no types: the one function the basemap build uses.
declare module 'vt-pbf' {
  import type geojsonvt from 'geojson-vt';

  /** Encodes geojson-vt tiles, one per layer name, as one Mapbox Vector Tile (protobuf bytes). */
  export function fromGeojsonVt(
    layers: Record<string, geojsonvt.Tile>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
