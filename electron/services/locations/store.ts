import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { ProfileName } from '../../../shared/index.js';
import { readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';

/** Whose /v1 an index describes: the profile and its server (`embedded`, or the Remote base URL); never a key. */
export interface IndexTarget {
  profile: ProfileName;
  id: string;
}

/** A location a constraint's shift factors named: its name, and the market of that constraint. */
export interface NamedLocation {
  name: string;
  market: string;
}

/**
 * What the index knows of one target: `listed`, the constraint ids of the last constraint list read (null before the
 * first); `read`, the location ids each constraint's shift factors named; `locations`, those locations by id.
 */
export interface IndexData {
  listed: string[] | null;
  read: Map<string, string[]>;
  locations: Map<string, NamedLocation>;
}

// On disk each location is written once and constraints point at it by position, which keeps the file small.
const IndexFile = z.object({
  version: z.literal(1),
  profile: z.string(),
  target: z.string(),
  listed: z.array(z.string()).nullable(),
  locations: z.array(z.tuple([z.string(), z.string(), z.string()])),
  read: z.record(z.string(), z.array(z.number().int().min(0))),
});
type IndexFile = z.infer<typeof IndexFile>;

const log = createLogger('locations');

/** An empty index. */
export const emptyIndex = (): IndexData => ({ listed: null, read: new Map(), locations: new Map() });

/** The index file of `target` in `dir`: `<profile>-<16 hex of SHA-256 of the target>.json`. */
export function indexFile(dir: string, target: IndexTarget): string {
  const hash = createHash('sha256').update(`${target.profile} ${target.id}`).digest('hex').slice(0, 16);
  return join(dir, `${target.profile}-${hash}.json`);
}

/**
 * The index of `target` kept in `dir`, or an empty one when there is none. A file that is not JSON, fails the schema
 * or names another target is logged and ignored (the index is then built again); an unreadable one throws.
 */
export async function readIndex(dir: string, target: IndexTarget): Promise<IndexData> {
  const file = indexFile(dir, target);
  let raw: unknown;
  try {
    raw = await readJsonFile(file);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    log.warn(`${file} is not JSON; the index is built again`);
    return emptyIndex();
  }
  if (raw === undefined) return emptyIndex();
  const parsed = IndexFile.safeParse(raw);
  if (!parsed.success || parsed.data.profile !== target.profile || parsed.data.target !== target.id) {
    log.warn(`${file} is not an index of ${target.profile}; the index is built again`);
    return emptyIndex();
  }
  const { listed, locations, read } = parsed.data;
  const ids = locations.map(([id]) => id);
  const data: IndexData = {
    listed,
    read: new Map(),
    locations: new Map(locations.map(([id, name, market]) => [id, { name, market }])),
  };
  for (const [constraint, at] of Object.entries(read)) {
    data.read.set(
      constraint,
      at.flatMap((i) => (ids[i] === undefined ? [] : [ids[i]])),
    );
  }
  return data;
}

/** Writes `data` atomically (a reader sees the old file or the new one), keeping only locations a constraint names. */
export async function writeIndex(dir: string, target: IndexTarget, data: IndexData): Promise<void> {
  const position = new Map<string, number>();
  const locations: IndexFile['locations'] = [];
  const read: IndexFile['read'] = {};
  for (const [constraint, ids] of data.read) {
    read[constraint] = ids.flatMap((id) => {
      const location = data.locations.get(id);
      if (!location) return [];
      if (!position.has(id)) {
        position.set(id, locations.length);
        locations.push([id, location.name, location.market]);
      }
      return [position.get(id)!];
    });
  }
  const file: IndexFile = { version: 1, profile: target.profile, target: target.id, listed: data.listed, locations, read };
  await writeFileAtomic(indexFile(dir, target), JSON.stringify(file));
}
