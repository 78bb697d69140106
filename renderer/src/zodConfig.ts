import { z } from 'zod';

// The CSP has no 'unsafe-eval'. Zod 4 probes `new Function("")` when it builds an object schema
// (to JIT-compile parsers) and Chromium logs each refusal as a console error. Jitless mode skips
// the probe. main.tsx imports this module first, before any shared/ schema is constructed.
z.config({ jitless: true });
