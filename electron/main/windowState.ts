import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../services/common/fsutil.js';
import { createLogger } from '../services/common/logger.js';

/** Window bounds (DIPs) and maximized flag, remembered between runs in {@link WINDOW_STATE_FILE} in userData. */
export const WindowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowState>;

/** A display's work area (screen minus taskbar/dock), in DIPs. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** File name of the saved state. */
export const WINDOW_STATE_FILE = 'window-state.json';
/** Size of a first window, or when the saved state is unreadable. */
export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
/** Smallest restored size, where the display allows it. */
export const MIN_WINDOW = { width: 800, height: 560 } as const;

const log = createLogger('window-state');

function overlap(a: Area, b: Area): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Fits `state` inside the display (work area; first = primary) it overlaps most, so one last seen on an unplugged
 * monitor comes back; overlapping none, it loses its position and the OS centres it on the primary display.
 */
export function clampToDisplays(state: WindowState, displays: readonly Area[]): WindowState {
  const primary = displays[0];
  if (!primary) return state;
  const hasPosition = state.x !== undefined && state.y !== undefined;
  const rect: Area = { x: state.x ?? 0, y: state.y ?? 0, width: state.width, height: state.height };
  let best: Area | undefined;
  let bestOverlap = 0;
  for (const d of displays) {
    const o = hasPosition ? overlap(rect, d) : 0;
    if (o > bestOverlap) [best, bestOverlap] = [d, o];
  }
  const area = best ?? primary;
  const width = Math.min(area.width, Math.max(Math.min(MIN_WINDOW.width, area.width), state.width));
  const height = Math.min(area.height, Math.max(Math.min(MIN_WINDOW.height, area.height), state.height));
  if (!best) return { width, height, maximized: state.maximized };
  const x = Math.min(Math.max(rect.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(rect.y, area.y), area.y + area.height - height);
  return { x, y, width, height, maximized: state.maximized };
}

/** Reads the saved state from `dir`, or the default when absent or invalid (logged). */
export async function loadWindowState(dir: string): Promise<WindowState> {
  try {
    const raw = await readJsonFile(join(dir, WINDOW_STATE_FILE));
    if (raw === undefined) return DEFAULT_WINDOW_STATE;
    const parsed = WindowState.safeParse(raw);
    if (parsed.success) return parsed.data;
    log.warn('window state is invalid; using the default size');
  } catch (err) {
    log.warn('window state is unreadable; using the default size', err);
  }
  return DEFAULT_WINDOW_STATE;
}

/** Writes the state (atomically, 0600); failures are logged, never thrown. */
export async function saveWindowState(dir: string, state: WindowState): Promise<void> {
  await writeFileAtomic(join(dir, WINDOW_STATE_FILE), `${JSON.stringify(state)}\n`, 0o600).catch((err: unknown) =>
    log.warn('could not save the window state', err),
  );
}

/** The slice of BrowserWindow that {@link trackWindowState} uses. */
export interface TrackableWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Area;
  isMaximized(): boolean;
}

/** Saves normal bounds and maximized flag `debounceMs` after a move or resize, and at close; returns a flush function. */
export function trackWindowState(win: TrackableWindow, dir: string, debounceMs = 500): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const snapshot = (): WindowState => ({ ...win.getNormalBounds(), maximized: win.isMaximized() });
  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    await saveWindowState(dir, snapshot());
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', () => void flush());
  return flush;
}
