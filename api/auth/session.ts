// Admin sessions: a signed, HttpOnly, SameSite=Strict cookie (Secure in production) holding a
// random secret. The server keeps the session (events on the 'admins' stream, the
// admin_sessions read model), keyed by a hash of that secret, so logout, an admin ending it, a
// password change or the admin's removal ends it in every API process and across restarts, and
// a copied cookie is worth nothing afterwards.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';

export const SESSION_COOKIE = 'pk_session';
export const SESSION_HOURS = 12;

/** The id a session is stored and listed under: the secret itself never leaves the cookie. */
export const sessionIdOf = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 32);

export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function setSessionCookie(reply: FastifyReply, secret: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, secret, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: SESSION_HOURS * 3600,
  });
}

export function clearSession(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
}

/** The session id the request's cookie names, when its signature holds; whether it lives is the store's say. */
export function requestSessionId(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return sessionIdOf(unsigned.value);
}
