import { z } from 'zod';

// The CSP has no 'unsafe-eval': stop Zod probing `new Function` (a console error each time). Imported first by main.tsx.
z.config({ jitless: true });
