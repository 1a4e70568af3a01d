// GET /manifest.webmanifest (rule: kiosk-identity): the installed app's manifest in the kiosk's own
// name, from the one the build wrote (dist/ui/client/app.webmanifest, ui/vite.config.ts) with the
// name, short name and description of the kiosk's settings. The built icons stay (a PNG in each
// size would need an image library); an uploaded SVG logo is added as an icon of any size.
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { KioskAnswer } from '../../domain/answers/kiosk.js';

const DEFAULT_NAME = 'Pizzakiosken';

interface Manifest {
  name: string;
  short_name: string;
  description?: string;
  icons?: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  [key: string]: unknown;
}

/** The manifest in the kiosk's name: the built one as it is while the kiosk has the default name and no logo. */
export function kioskManifest(
  built: Manifest,
  kiosk: Pick<KioskAnswer, 'name' | 'tagline' | 'logo_url' | 'logo_type'>,
): Manifest {
  const rename = (text: string) => text.replaceAll(DEFAULT_NAME, kiosk.name);
  const svgLogo = kiosk.logo_type === 'image/svg+xml' ? kiosk.logo_url : null;
  return {
    ...built,
    name: rename(built.name),
    short_name: rename(built.short_name),
    ...(kiosk.name !== DEFAULT_NAME && kiosk.tagline ? { description: kiosk.tagline } : {}),
    ...(svgLogo ? { icons: [...(built.icons ?? []), { src: svgLogo, sizes: 'any', type: 'image/svg+xml' }] } : {}),
  };
}

/** Registers the route; no build (API tests before a build), no route. */
export function registerManifest(app: FastifyInstance, builtPath: string) {
  if (!existsSync(builtPath)) return;
  const built = JSON.parse(readFileSync(builtPath, 'utf8')) as Manifest;
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const kiosk = (await app.inject({ method: 'GET', url: '/api/kiosk' })).json<KioskAnswer>();
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(kioskManifest(built, kiosk)));
  });
}
