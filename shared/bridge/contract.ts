/**
 * The bridge contract: every verb the renderer may call, as `domain:action` → input schema
 * (`inputs.ts`) + result type (`results.ts`), names in `verbs.ts`. Main registers handlers for
 * exactly these verbs, the preload builds `window.gridscope` from them, the web host routes
 * `POST /bridge/<verb>` by them. Inputs never carry a URL with a key or a file path; results never
 * carry a key.
 */
export * from './verbs.js';
export * from './inputs.js';
export * from './results.js';
