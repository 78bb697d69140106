import { z } from 'zod';
import type { Result } from '../errors.js';
import type { ApiUsage } from '../schemas/usage.js';
import type { AuditRow, Dataset, DatasetWithTimezone } from '../schemas/dataset.js';

/**
 * The bridge contract (CONVENTIONS.md §2): every verb the renderer may call, as
 * `domain:action` → zod input schema + result type. Main registers handlers for exactly these
 * keys, the preload builds `window.gridscope` from them, the web host routes `POST /bridge/<verb>`
 * by them. Inputs never carry a URL with a key or a file path; results never carry a key.
 */

/** Profile names: "embedded" runs our /v1 service in-process; "remote" calls a hosted /v1 API. */
export const ProfileName = z.enum(['embedded', 'remote']);
export type ProfileName = z.infer<typeof ProfileName>;

/** A dataset id as the catalogue spells it: lower-case letters, digits and underscores. */
export const DatasetId = z.string().min(1).max(200).regex(/^[a-z0-9_]+$/, 'dataset id: a-z, 0-9 and _ only');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Remote base URL, e.g. `https://api.gridstatus.io/v1`: https (plain http only to a loopback host,
 * so a key never crosses a network unencrypted), no credentials, no query string or fragment.
 */
export const RemoteBaseUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      const secure = u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname));
      return secure && !u.username && !u.password && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, 'base URL must be https (http only for localhost), without credentials or query, e.g. https://api.gridstatus.io/v1');

/** Default base URL of the Remote profile. */
export const DEFAULT_REMOTE_BASE_URL = 'https://api.gridstatus.io/v1';

/** What the renderer may know about the profiles: never a key, only whether one is set. */
export interface ProfilesState {
  active: ProfileName;
  embedded: { status: 'starting' | 'running' | 'failed'; message?: string };
  remote: { baseUrl: string; keySet: boolean };
  /** Where keys are kept, in words for the Settings page (e.g. "OS keychain via Electron safeStorage"). */
  keyStorage: string;
}

/** Version and host facts for the About box and diagnostics. */
export interface AppInfo {
  name: string;
  version: string;
  host: 'desktop' | 'web';
  platform: string;
  versions: Record<string, string>;
}

const Empty = z.object({}).strict();

/** Verb → input schema. Every input is a strict object so unknown fields are rejected. */
export const contractInputs = {
  'app:info': Empty,
  'datasets:list': Empty,
  'datasets:get': z.object({ datasetId: DatasetId }).strict(),
  'datasets:audit': z.object({ datasetId: DatasetId }).strict(),
  'usage:get': Empty,
  'profiles:get': Empty,
  'profiles:setActive': z.object({ profile: ProfileName }).strict(),
  'profiles:setRemoteUrl': z.object({ baseUrl: RemoteBaseUrl }).strict(),
  'keys:set': z.object({ profile: z.literal('remote'), key: z.string().trim().min(8).max(512) }).strict(),
  'keys:clear': z.object({ profile: z.literal('remote') }).strict(),
} as const;

/** Verb → result value type (wrapped in {@link Result} on the wire). */
export interface ContractResults {
  'app:info': AppInfo;
  'datasets:list': Dataset[];
  'datasets:get': DatasetWithTimezone;
  'datasets:audit': AuditRow[];
  'usage:get': ApiUsage;
  'profiles:get': ProfilesState;
  'profiles:setActive': ProfilesState;
  'profiles:setRemoteUrl': ProfilesState;
  'keys:set': ProfilesState;
  'keys:clear': ProfilesState;
}

/** A verb name, e.g. `datasets:list`. */
export type Verb = keyof typeof contractInputs;
/** The input type of a verb. */
export type VerbInput<V extends Verb> = z.input<(typeof contractInputs)[V]>;

/** All verbs, in contract order. */
export const VERBS = Object.keys(contractInputs) as Verb[];

/** Type guard: is `s` a contract verb? */
export function isVerb(s: string): s is Verb {
  return Object.prototype.hasOwnProperty.call(contractInputs, s);
}

/**
 * The API the renderer sees as `window.gridscope`: one async function per verb. Each resolves to a
 * {@link Result}; none rejects for a /v1 or validation failure.
 */
export type GridscopeApi = {
  [V in Verb]: (input: VerbInput<V>) => Promise<Result<ContractResults[V]>>;
};

/** HTTP transport of the web host: `POST {BRIDGE_PATH}/<verb>` with the JSON input as body. */
export const BRIDGE_PATH = '/bridge';
/** Header the web host requires on bridge calls, so a cross-site form or image cannot reach them. */
export const BRIDGE_HEADER = 'x-gridscope-bridge';
