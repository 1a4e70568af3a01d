// Admin sessions: a signed, HttpOnly, SameSite=Strict cookie (Secure in production) holding the
// admin id, an expiry and a fingerprint of the password hash, so changing the password ends every
// session made with the old one. Nothing is stored server-side.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admin } from '../../domain/admins/admins.js';
import type {} from '@fastify/cookie';

export const SESSION_COOKIE = 'pk_session';
const SESSION_HOURS = 12;

const fingerprint = (admin: Admin) => createHash('sha256').update(admin.password_hash).digest('base64url').slice(0, 12);

export function setSession(reply: FastifyReply, admin: Admin, now: Date, secure: boolean) {
  const expires = now.getTime() + SESSION_HOURS * 3_600_000;
  reply.setCookie(SESSION_COOKIE, `${admin.id}.${expires}.${fingerprint(admin)}`, {
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

/** The admin the request's cookie names, when its signature, expiry and fingerprint hold. */
export async function sessionAdmin(
  request: FastifyRequest,
  now: Date,
  findAdmin: (id: number) => Promise<Admin | undefined>,
): Promise<Admin | null> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [id, expires, print] = unsigned.value.split('.');
  if (!id || !expires || Number(expires) <= now.getTime()) return null;
  const admin = await findAdmin(Number(id));
  return admin && fingerprint(admin) === print ? admin : null;
}
