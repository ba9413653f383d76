import { z } from 'zod/mini';

// Zod compiles object parsers with `new Function` when the page allows it and probes for that on first
// use. Our Content-Security-Policy forbids eval (svelte.config.js), so the probe only fails — and is
// reported as a CSP violation. Parse without the compiler from the start.
z.config({ jitless: true });
