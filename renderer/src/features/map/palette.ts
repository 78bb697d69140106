/** The map's colours per colour scheme: basemap (basemapStyle.ts) and the neutral marks of the data layers (layers.ts). */

/** Colours of the basemap and of the map's neutral marks, per colour scheme. */
export interface MapPalette {
  dark: boolean;
  water: string;
  land: string;
  nation: string;
  countryLine: string;
  stateLine: string;
  isoFill: string;
  isoLine: string;
  location: string;
  /** Outline of circles and the selection halo: contrasts with the land. */
  halo: string;
  /** Selection and overlap haloes: the text colour, translucent, so they differ from every data colour. */
  highlight: string;
}

const LIGHT: MapPalette = {
  dark: false,
  water: '#dfe7ef',
  land: '#f7f5f0',
  nation: '#fbfaf7',
  countryLine: '#b9bfc8',
  stateLine: '#c9ced6',
  isoFill: '#64748b',
  isoLine: '#8593a6',
  location: '#334155',
  halo: '#ffffff',
  highlight: '#1b2330',
};
const DARK: MapPalette = {
  dark: true,
  water: '#0b1016',
  land: '#1a2029',
  nation: '#1d242e',
  countryLine: '#3b4552',
  stateLine: '#343d49',
  isoFill: '#94a3b8',
  isoLine: '#6b7a8f',
  location: '#cbd5e1',
  halo: '#0f1318',
  highlight: '#f1f5f9',
};

/** The palette of a colour scheme (the app follows `prefers-color-scheme`, styles.css). */
export function mapPalette(dark: boolean): MapPalette {
  return dark ? DARK : LIGHT;
}
