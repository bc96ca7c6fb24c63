import { z } from 'zod'

// zod's fast path probes `new Function`, which the renderer's CSP forbids (and reports): opt out.
z.config({ jitless: true })
