import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Footprint, type Point } from './geo.js';

/** The real inputs of the generators, relative to the data folder (data/SOURCES.md); their bytes name the constraint database. */
export const SYNTHETIC_INPUT_FILES = [
  'commongrid/pricing-nodes.json',
  'commongrid/iso-boundaries/iso-pjm.json',
  'format-exemplars/pjm_edart_linesout_sample.txt',
] as const;

/** A PJM pricing node: hub, zone or generator (EIA-860 plant), with real coordinates and its US state (`IL`). */
export interface PricingNode extends Point {
  id: string;
  name: string;
  nodeType: 'hub' | 'zone' | 'gen' | string;
  zone: string | null;
  state: string | null;
}

/** Everything the generators read: PJM nodes by id, the footprint, the eDART exemplar's text. */
export interface SyntheticInputs {
  nodes: PricingNode[];
  footprint: Footprint;
  edart: string;
}

/** Reads {@link SYNTHETIC_INPUT_FILES}; throws when a file is missing or malformed. */
export async function readSyntheticInputs(dataDir: string): Promise<SyntheticInputs> {
  const [nodesText, footprintText, edart] = await Promise.all(
    SYNTHETIC_INPUT_FILES.map((file) => readFile(path.join(dataDir, file), 'utf8')),
  );
  const all = JSON.parse(nodesText!) as (PricingNode & { iso: string })[];
  const nodes = all
    .filter((node) => node.iso === 'PJM' && Number.isFinite(node.latitude) && Number.isFinite(node.longitude))
    .map(({ id, name, nodeType, zone, state, latitude, longitude }) => ({ id, name, nodeType, zone, state: state ?? null, latitude, longitude }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { nodes, footprint: new Footprint(JSON.parse(footprintText!)), edart: edart! };
}
