import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocationIndexStatus, TimeWindow } from '../../../../shared/bridge/grid.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import type { GridChoice } from './gridChoice.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { withRequestId } from '../../lib/requestId.js';
import type { Aggregation, CostGrouping } from './format.js';

// Under ['datasets'], so a profile switch resets them with the rest of the profile's data (lib/queries.ts).
const keys = {
  locations: ['datasets', 'grid', 'locations'] as const,
  index: ['datasets', 'grid', 'location-index'] as const,
  all: ['datasets', 'grid', 'locations', 'all'] as const,
  search: (text: string, market: string) => ['datasets', 'grid', 'locations', 'search', text, market] as const,
  shiftFactors: (id: string, o: ShiftFactorChoice) =>
    ['datasets', 'grid', 'location-shift-factors', id, o.datasetId, o.aggregation, o.excludeZeros] as const,
  costs: (id: string, datasetId: string, w: TimeWindow, group: CostGrouping) =>
    ['datasets', 'grid', 'location-costs', id, datasetId, w.start, w.end, group] as const,
};

/** Most locations a lookup reads: the verb's maximum. */
const ALL_LOCATIONS = 5000;
/** Options the picker lists at once. */
export const PICKER_LIMIT = 30;
/** How often the index's progress is read while it builds (and, slower, after it failed), in ms. */
const INDEX_POLL_MS = 1000;
const FAILED_POLL_MS = 5000;

/**
 * Every pricing location with data (`locations:list`: those the profile's /v1 names in shift factors): the heading's
 * lookup by id and the market filter's list. Pending while the profile's location index is first built, and while not
 * `enabled` (a screen that needs its own answer first).
 */
export function useAllLocations(enabled = true) {
  const api = useBridge();
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => callBridge(api, 'locations:list', { limit: ALL_LOCATIONS }, { signal }),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * The location index's progress (`locations:index`), read every second while it builds; when a build ends, the
 * location lists are asked again, so a refreshed index shows at once. `select` picks what the caller reads (its
 * component renders again only when that changes, e.g. the state and not each second's count).
 */
export function useLocationIndex<T = LocationIndexStatus>(select?: (status: LocationIndexStatus) => T) {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useQuery({
    ...(select ? { select } : {}),
    queryKey: keys.index,
    queryFn: async (): Promise<LocationIndexStatus> => {
      const before = queryClient.getQueryData<LocationIndexStatus>(keys.index);
      const status = await callBridge(api, 'locations:index', {});
      if (before?.state === 'building' && status.state !== 'building')
        void queryClient.invalidateQueries({ queryKey: keys.locations });
      return status;
    },
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'ready' ? false : state === 'failed' ? FAILED_POLL_MS : INDEX_POLL_MS;
    },
  });
}

/** Pricing locations whose name contains `text` (case-insensitive), of `market` ('' = any), at most {@link PICKER_LIMIT}. */
export function useLocationSearch(text: string, market: string, enabled: boolean) {
  const api = useBridge();
  return useQuery({
    queryKey: keys.search(text, market),
    queryFn: ({ signal }) =>
      callBridge(
        api,
        'locations:list',
        {
          limit: PICKER_LIMIT,
          ...(text ? { search: text } : {}),
          ...(market ? { market } : {}),
        },
        { signal },
      ),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** The shift-factor options of the location page: dataset (null = all), aggregation and whether zeros are dropped. */
export interface ShiftFactorChoice {
  datasetId: string | null;
  aggregation: Aggregation;
  excludeZeros: boolean;
}

/** `locations:shiftFactors`: one row per constraint (synthetic values, docs/api.md#shift-factors-by-location). */
export function useLocationShiftFactors(locationId: string, choice: ShiftFactorChoice) {
  const api = useBridge();
  return useQuery({
    queryKey: keys.shiftFactors(locationId, choice),
    queryFn: ({ signal }) =>
      withRequestId((requestId) =>
        callBridge(
          api,
          'locations:shiftFactors',
          {
            locationId,
            aggregation: choice.aggregation,
            excludeZeros: choice.excludeZeros,
            ...(choice.datasetId ? { datasetId: choice.datasetId } : {}),
            requestId,
          },
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * `locations:constraintCosts` for a priced dataset and window, grouped by constraint or by constraint and contingency;
 * the answer carries the grouping it was asked with, so a table never shows one grouping's rows under the other's header.
 */
export function useLocationCosts(
  locationId: string,
  datasetId: string,
  window: TimeWindow,
  groupBy: CostGrouping,
  enabled = true,
) {
  const api = useBridge();
  return useQuery({
    enabled,
    queryKey: keys.costs(locationId, datasetId, window, groupBy),
    queryFn: async ({ signal }) => {
      const answer = await withRequestId((requestId) =>
        callBridge(api, 'locations:constraintCosts', { locationId, datasetId, window, groupBy, requestId }, { signal }),
      );
      return { ...answer, groupBy };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * A location's constraint costs over the hours of `peak` (docs/market-time.md#peak-buckets): all hours are /v1's own
 * answer (`locations:constraintCosts`, one request); other hours are `binding:locationCosts`, the same pairs' costs
 * counted from the binding window (docs/desktop.md#the-binding-window-store). Both answers carry their grouping.
 */
export function useLocationCostsOverHours(locationId: string, choice: GridChoice, peak: PeakFilter, groupBy: CostGrouping) {
  const api = useBridge();
  const window = { start: choice.start, end: choice.end };
  const all = useLocationCosts(locationId, choice.datasetId, window, groupBy, peak === 'all');
  const hours = useQuery({
    queryKey: ['datasets', 'grid', 'location-costs-hours', locationId, choice.datasetId, window.start, window.end, peak, groupBy],
    queryFn: async ({ signal }) => {
      const input = { locationId, datasetId: choice.datasetId, market: choice.market, window, peak, groupBy };
      const answer = await withRequestId((requestId) =>
        callBridge(api, 'binding:locationCosts', { ...input, requestId }, { signal }),
      );
      return { rows: answer.rows, synthetic: answer.synthetic, groupBy };
    },
    enabled: peak !== 'all',
    placeholderData: keepPreviousData,
  });
  return peak === 'all' ? all : hours;
}
