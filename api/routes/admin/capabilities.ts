// Roles on the admin routes (rule: admin-roles): each route names the capability it needs, in its
// config (`config: { capability: 'bookings' }`) or through the plugin it is in (index.ts); a
// route that names none is the owner's alone. One hook refuses a role that may not use it (403,
// Swedish {error}), and the OpenAPI document shows the roles on each operation (`x-roles`, its
// description, and the 403 answer).
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { accountMsg } from '../../../domain/admins/messages.js';
import { roleMay, rolesFor, type AdminRole, type Capability } from '../../../domain/admins/roles.js';
import { errorAnswerSchema } from '../../../domain/answers/common.js';
import { DomainError } from '../../../domain/shared/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route lets its caller do (domain/admins/roles.ts); none: the owner's alone. */
    capability?: Capability;
  }
}

const ROLE_NAMES: Record<AdminRole, string> = { owner: 'ägaren', staff: 'personalen' };

/** The roles that may call a route that needs `capability` (none: the owner). */
export const routeRoles = (capability: Capability | undefined): AdminRole[] =>
  capability ? rolesFor(capability) : ['owner'];

export const mayCall = (role: AdminRole, capability: Capability | undefined) =>
  capability ? roleMay(role, capability) : role === 'owner';

/**
 * Gives every route a plugin adds the plugin's capability unless the route names its own, and
 * writes the roles into the route's OpenAPI operation. Call in the scope the routes are added in.
 */
export function declareCapability(app: FastifyInstance, pluginCapability: Capability | undefined) {
  app.addHook('onRoute', (route) => {
    const capability = route.config?.capability ?? pluginCapability;
    route.config = { ...route.config, capability };
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    const roles = routeRoles(capability);
    schema['x-roles'] = roles;
    const who = `Får användas av: ${roles.map((r) => ROLE_NAMES[r]).join(' och ')}.`;
    schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${who}` : who;
    if (!roles.includes('staff')) {
      schema.response = { ...(schema.response as object | undefined), 403: errorAnswerSchema };
    }
  });
}

/** After the session hook: a role that may not use the route's capability gets 403 before its body is read. */
export const requireCapability: preValidationAsyncHookHandler = async (request) => {
  if (!request.admin) return;
  if (!mayCall(request.admin.role, request.routeOptions.config.capability)) {
    throw new DomainError(accountMsg.ownerOnly, 'forbidden');
  }
};
