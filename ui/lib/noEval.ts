// The pages run under a CSP without 'unsafe-eval' (api/http/securityHeaders.ts). zod probes
// `new Function` when it builds an object schema, to decide whether to compile it; under that CSP the
// probe is refused and reported as a violation. Tell zod up front not to try: the client build
// imports this module first in every module that imports zod (ui/vite.config.ts).
import { config } from 'zod/v4/core';

config({ jitless: true });
