// The pages run under a CSP without 'unsafe-eval' (api/http/securityHeaders.ts). zod probes
// `new Function` on its first parse to decide whether to compile its checks; under that CSP the
// probe is refused and reported as a violation. Tell zod up front not to try.
import { z } from 'zod';

z.config({ jitless: true });
