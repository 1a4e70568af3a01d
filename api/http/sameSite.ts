// Cross-site request forgery guard for the admin calls that change state. The session cookie is
// SameSite=Strict already; this is the second lock, for browsers or setups where that fails
// (a sibling subdomain, an old browser): a state-changing call must be JSON, which an HTML form
// cannot send, and when the browser says where the call came from (Origin, else Referer), that
// must be the kiosk's own site.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../domain/messages.js';
import { DomainError } from '../../domain/shared/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** onRequest hook: runs before the body is read. publicUrl: the site's public base (PUBLIC_URL). */
export function sameSiteJsonOnly(publicUrl: string) {
  const publicHost = hostOf(publicUrl);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') throw new DomainError(msg.jsonRequired, 'forbidden');
    const origin = request.headers.origin ?? request.headers.referer;
    if (origin === undefined) return;
    const from = hostOf(origin);
    const ownHost = request.headers.host?.toLowerCase();
    if (from === null || (from !== ownHost && from !== publicHost))
      throw new DomainError(msg.crossSiteRefused, 'forbidden');
  };
}
