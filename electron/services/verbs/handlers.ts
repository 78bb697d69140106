import type { AppInfo, ContractResults, ParsedInput, Result, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import type { BindingWindowService } from '../bindingWindow/service.js';
import type { DatasetService } from '../datasets/service.js';
import type { DisplayService } from '../display/service.js';
import type { DownloadManager } from '../downloads/types.js';
import type { ExportService } from '../exports/service.js';
import type { GridService } from '../grid/service.js';
import type { LocationService } from '../locations/service.js';
import type { MapService } from '../map/service.js';
import type { OutageService } from '../outages/service.js';
import type { OverlapService } from '../overlap/service.js';
import type { PathService } from '../paths/service.js';
import type { ProfileService } from '../profiles/service.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { TrafficMonitor } from '../v1/traffic.js';
import type { WatchlistService } from '../watchlist/service.js';
import type { WorkspaceOperations } from '../workspace/operations.js';

// Types only: the handler table every transport dispatches to, and the domain services it routes to (verbs/routes.ts).

export type { CallContext, ParsedInput };

/** Exactly one handler per contract verb: the compiler rejects a missing or extra one. */
export type Handlers = { [V in Verb]: (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>> };

/** The domain services the verbs route to, one method call per verb; none of them returns a key. */
export interface Domains {
  /** `app:info`: the host, versions and platform. */
  app: { info(): Promise<Result<AppInfo>> };
  /** `requests:status`, `requests:cancel`: the data calls in flight. */
  requests: Pick<RequestRegistry, 'status' | 'cancel'>;
  /** `usage:activity`: the counted /v1 requests, for the usage meter. */
  traffic: Pick<TrafficMonitor, 'activity'>;
  datasets: DatasetService;
  profiles: ProfileService;
  workspace: WorkspaceOperations;
  grid: GridService;
  locations: LocationService;
  overlap: OverlapService;
  /** `outages:list`, `outages:ticket`, `outages:ahead`: outage tickets as objects. */
  outages: OutageService;
  /** `map:*`: the map's features as Arrow columns, and a selection's details. */
  map: MapService;
  binding: BindingWindowService;
  /** `paths:*`: a source → sink path's congestion summed in the workspace (docs/paths.md). */
  paths: PathService;
  exports: ExportService;
  /** The download queue and library in main (docs/downloads.md). */
  downloads: DownloadManager;
  /** The user's display preferences (market time or UTC). */
  display: DisplayService;
  /** The starred constraints, locations, paths and map views, and what changed on them (docs/watchlist.md). */
  watchlist: WatchlistService;
}
