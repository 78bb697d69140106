import { z } from 'zod';
import {
  ApiKeyText,
  ColumnValuesInput,
  DatasetId,
  EstimateInput,
  MAX_CACHE_TTL_SECONDS,
  ProfileName,
  QueryInput,
  RemoteBaseUrl,
  RequestId,
} from './inputs.js';
import type { Verb } from './verbs.js';
import { displayInputs } from './display.js';
import { downloadInputs } from './downloads.js';
import { bindingInputs } from './binding.js';
import { gridInputs } from './grid.js';
import { mapInputs } from './map.js';
import { refreshInputs } from './refresh.js';
import { outageInputs } from './outages.js';
import { watchlistInputs } from './watchlist.js';
import { pathInputs } from './paths.js';
import { workspaceInputs } from './workspace.js';

const Empty = z.object({}).strict();
const DataEmpty = z.object({ requestId: RequestId.optional() }).strict();
const DatasetRef = z.object({ datasetId: DatasetId, requestId: RequestId.optional() }).strict();
const RemoteOnly = z.object({ profile: z.literal('remote') }).strict();

/** Verb → strict input schema (unknown fields refused); `satisfies` makes a verb without a schema a compile error. */
export const contractInputs = {
  'app:info': Empty,
  'datasets:list': DataEmpty,
  'datasets:get': DatasetRef,
  'datasets:audit': DatasetRef,
  'datasets:estimate': EstimateInput,
  'usage:get': DataEmpty,
  'usage:activity': Empty,
  'requests:status': z.object({ requestIds: z.array(RequestId).max(100).optional() }).strict(),
  'requests:cancel': z.object({ requestId: RequestId }).strict(),
  'profiles:get': Empty,
  'profiles:setActive': z.object({ profile: ProfileName }).strict(),
  'profiles:setRemoteUrl': z.object({ baseUrl: RemoteBaseUrl }).strict(),
  // allowWeakStorage: the user ticked "Store anyway" where the OS offers no keyring (docs/desktop.md#key-storage).
  'keys:set': z.object({ profile: z.literal('remote'), key: ApiKeyText, allowWeakStorage: z.boolean().optional() }).strict(),
  'keys:clear': RemoteOnly,
  'keys:test': RemoteOnly,
  'profiles:setCache': z
    .object({ profile: ProfileName, ttlSeconds: z.number().int().min(0).max(MAX_CACHE_TTL_SECONDS) })
    .strict(),
  'cache:clear': z.object({ profile: ProfileName.optional() }).strict(),
  'datasets:query': QueryInput,
  'datasets:columnValues': ColumnValuesInput,
  'datasets:updates': z
    .object({ datasetId: DatasetId, limit: z.number().int().min(1).max(1000).optional(), requestId: RequestId.optional() })
    .strict(),
  ...workspaceInputs,
  ...refreshInputs,
  ...gridInputs,
  ...mapInputs,
  ...bindingInputs,
  ...outageInputs,
  ...pathInputs,
  ...downloadInputs,
  ...displayInputs,
  ...watchlistInputs,
} as const satisfies { [V in Verb]: z.ZodType };

/** The input type of a verb, as the renderer writes it (defaults not yet applied). */
export type VerbInput<V extends Verb> = z.input<(typeof contractInputs)[V]>;
/** A verb's input after its schema parsed it: what main's handlers receive. */
export type ParsedInput<V extends Verb> = z.output<(typeof contractInputs)[V]>;
