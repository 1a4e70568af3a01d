// Who is asking: the admin and session the session hook (./index.ts) found for the request.
import type { FastifyRequest } from 'fastify';
import type { Admin } from '../../../domain/admins/admins.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
    /** The id of the session the request came with (set with admin). */
    sessionId: string | null;
  }
}

/** The signed-in admin's e-mail: who did it, in every event a staff call appends. */
export const actorOf = (request: FastifyRequest) => request.admin!.email;
