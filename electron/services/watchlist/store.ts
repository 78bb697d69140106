import { MAX_WATCH_ITEMS, WatchTarget, fail, ok, watchKey } from '../../../shared/index.js';
import type { Result, WatchItem, WatchLook } from '../../../shared/index.js';
import { isoMillis, rowObjects } from '../workspace/sql.js';
import type { Workspace } from '../workspace/workspace.js';
import type { WatchSnapshot } from './changes.js';

/**
 * The watchlist's table in the profile's workspace (docs/watchlist.md#where-it-is-kept), created on first use like the
 * binding window store's: one row per watched item with its target, name, when it was starred and opened, its last
 * look (`look`, what the list shows, offline too), that look's snapshot (`latest`) and the snapshot of the look last
 * opened (`seen`, what changes are counted from). The workspace's own catalogue does not know it, so no schema
 * version changes.
 */
const TABLES = [
  'CREATE SEQUENCE IF NOT EXISTS watch_item_ids START 1',
  `CREATE TABLE IF NOT EXISTS watch_items (
     id INTEGER PRIMARY KEY DEFAULT nextval('watch_item_ids'),
     key VARCHAR NOT NULL,
     name VARCHAR NOT NULL,
     target JSON NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     opened_at TIMESTAMPTZ,
     look JSON,
     latest JSON,
     seen JSON,
     problem JSON
   )`,
];

const COLUMNS = `id, name, CAST(target AS VARCHAR) AS target, ${isoMillis('created_at')} AS created_at,
  ${isoMillis('opened_at')} AS opened_at, CAST(look AS VARCHAR) AS look, CAST(latest AS VARCHAR) AS latest,
  CAST(seen AS VARCHAR) AS seen, CAST(problem AS VARCHAR) AS problem`;

/** A stored item with its snapshots (main only: the bridge sees {@link WatchItem}). */
export interface StoredWatch extends WatchItem {
  latest: WatchSnapshot | null;
  seen: WatchSnapshot | null;
}

// Written only by this code; a damaged value reads as none rather than hiding the item.
function json<T>(text: unknown): T | null {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function stored(r: Record<string, unknown>): StoredWatch | null {
  const target = WatchTarget.safeParse(json(r.target));
  if (!target.success) return null;
  return {
    id: Number(r.id),
    name: String(r.name),
    target: target.data,
    createdAt: String(r.created_at),
    openedAt: r.opened_at === null ? null : String(r.opened_at),
    look: json<WatchLook>(r.look),
    problem: json<{ code: string; message: string }>(r.problem),
    latest: json<WatchSnapshot>(r.latest),
    seen: json<WatchSnapshot>(r.seen),
  };
}

/** What the bridge answers of a stored item (its snapshots stay in main). */
export function publicItem({ latest: _l, seen: _s, ...item }: StoredWatch): WatchItem {
  return item;
}

const prepared = new WeakSet<Workspace>();

async function prepare(ws: Workspace): Promise<void> {
  if (prepared.has(ws)) return;
  await ws.write(async (conn) => {
    for (const statement of TABLES) await conn.run(statement);
  });
  prepared.add(ws);
}

/** Every item, by name (then oldest first). */
export async function listWatches(ws: Workspace): Promise<StoredWatch[]> {
  await prepare(ws);
  const rows = await ws.read((conn) => rowObjects(conn, `SELECT ${COLUMNS} FROM watch_items ORDER BY lower(name), id`));
  return rows.map(stored).filter((w): w is StoredWatch => w !== null);
}

async function one(ws: Workspace, sql: string, params: (string | number | null)[]): Promise<StoredWatch | null> {
  await prepare(ws);
  const rows = await ws.write((conn) => rowObjects(conn, `${sql} RETURNING ${COLUMNS}`, params));
  return rows[0] ? stored(rows[0]) : null;
}

const missing = (id: number): Result<never> => fail('not_found', `There is no watched item ${id}: it was deleted.`);

/** Stars `target` (name trimmed), or answers the item already watching the same thing. @returns `validation` when full. */
export async function addWatch(ws: Workspace, target: WatchTarget): Promise<Result<StoredWatch>> {
  await prepare(ws);
  const key = watchKey(target);
  const rows = await ws.read((conn) =>
    rowObjects(conn, `SELECT ${COLUMNS} FROM watch_items WHERE key = $1 ORDER BY id LIMIT 1`, [key]),
  );
  const existing = rows[0] ? stored(rows[0]) : null;
  if (existing) return ok(existing);
  const count = await ws.read((conn) => rowObjects(conn, 'SELECT count(*)::INTEGER AS n FROM watch_items'));
  if (Number(count[0]?.n) >= MAX_WATCH_ITEMS)
    return fail('validation', `The watchlist holds at most ${MAX_WATCH_ITEMS} items: delete some first.`);
  const added = await one(ws, 'INSERT INTO watch_items (key, name, target) VALUES ($1, $2, $3)', [
    key,
    target.name.trim(),
    JSON.stringify(target),
  ]);
  return added ? ok(added) : fail('internal', 'The item could not be starred.');
}

/** Renames item `id`. @returns `not_found` when there is none. */
export async function renameWatch(ws: Workspace, id: number, name: string): Promise<Result<StoredWatch>> {
  const renamed = await one(ws, 'UPDATE watch_items SET name = $2 WHERE id = $1', [id, name.trim()]);
  return renamed ? ok(renamed) : missing(id);
}

/** Deletes item `id` and its looks. @returns `not_found` when there is none. */
export async function deleteWatch(ws: Workspace, id: number): Promise<Result<{ id: number }>> {
  const deleted = await one(ws, 'DELETE FROM watch_items WHERE id = $1', [id]);
  return deleted ? ok({ id }) : missing(id);
}

/** The user opened item `id`: its last look becomes the baseline of the next changes. @returns `not_found` when there is none. */
export async function openWatch(ws: Workspace, id: number): Promise<Result<StoredWatch>> {
  const opened = await one(ws, 'UPDATE watch_items SET opened_at = now(), seen = coalesce(latest, seen) WHERE id = $1', [id]);
  return opened ? ok(opened) : missing(id);
}

/** What a check learnt of one item: a new look (and its snapshot, the baseline too when there was none), or a problem. */
export type LookOutcome =
  { id: number; look: WatchLook; latest: WatchSnapshot } | { id: number; problem: { code: string; message: string } };

/** Records a check's outcomes in one transaction; an item deleted meanwhile is skipped. */
export async function recordLooks(ws: Workspace, outcomes: readonly LookOutcome[]): Promise<void> {
  await prepare(ws);
  await ws.transaction(async (conn) => {
    for (const o of outcomes) {
      if ('problem' in o) await conn.run('UPDATE watch_items SET problem = $2 WHERE id = $1', [o.id, JSON.stringify(o.problem)]);
      else
        await conn.run('UPDATE watch_items SET look = $2, latest = $3, seen = coalesce(seen, $3), problem = NULL WHERE id = $1', [
          o.id,
          JSON.stringify(o.look),
          JSON.stringify(o.latest),
        ]);
    }
  });
}
