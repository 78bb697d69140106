import type { ProfileName } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { openWorkspace, type Workspace } from './workspace.js';

const log = createLogger('workspace');

/** Told around the close of a profile's workspace: `closing` before (its pulls are about to end), `closed` after. */
export interface CloseHooks {
  closing(profile: ProfileName): void;
  closed(): void;
}

/**
 * The one open workspace of main (docs/workspace.md): the file of one profile in `dir`, opened on first use and
 * swapped when another profile asks (the old one closes first, its running pulls cancelled). A second call for the
 * same profile shares the open; a failed open is tried again on the next call.
 */
export class ActiveWorkspace {
  private current: { profile: ProfileName; ready: Promise<Workspace> } | undefined;

  constructor(
    private readonly dir: string,
    private readonly hooks: CloseHooks,
  ) {}

  /** The profile whose workspace is open or opening; undefined before the first open or after a failed one. */
  get profile(): ProfileName | undefined {
    return this.current?.profile;
  }

  /** `profile`'s workspace, opened (or switched to) first. @throws WorkspaceOpenError when it cannot be opened. */
  open(profile: ProfileName): Promise<Workspace> {
    // Synchronous bookkeeping: a second call for the same profile shares the open; another profile's waits for the close.
    if (this.current?.profile === profile) return this.current.ready;
    const previous = this.current?.ready;
    const ready = (async () => {
      if (previous) await this.closeQuietly(previous);
      return openWorkspace(this.dir, profile);
    })();
    const entry = { profile, ready };
    this.current = entry;
    ready.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return ready;
  }

  /** Closes the open workspace, if any (running pulls end `cancelled`); a later {@link open} opens anew. */
  async close(): Promise<void> {
    const ready = this.current?.ready;
    this.current = undefined;
    if (ready) await this.closeQuietly(ready);
  }

  private async closeQuietly(previous: Promise<Workspace>): Promise<void> {
    const ws = await previous.catch(() => undefined);
    if (!ws) return;
    this.hooks.closing(ws.profile);
    await ws.close().catch((error: unknown) => log.warn(`closing the ${ws.profile} workspace failed`, error));
    this.hooks.closed();
  }
}
