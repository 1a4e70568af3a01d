// The accounts' request bodies (rule: admin-accounts): what the owner sends to add an account,
// reset a password or set a role, and what everyone sends to change their own password.
import { z } from 'zod';
import { loginSchema } from '../payloads.js';
import { accountMsg } from './messages.js';
import { ADMIN_ROLES, MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from './roles.js';

/** A new password: at least 12 characters (counted as a person sees them), at most 200. */
export const newPasswordField = z
  .string({ error: accountMsg.passwordTooShort })
  .refine((p) => [...p].length >= MIN_ADMIN_PASSWORD_LENGTH, { error: accountMsg.passwordTooShort })
  .refine((p) => [...p].length <= MAX_ADMIN_PASSWORD_LENGTH, { error: accountMsg.passwordTooLong });

export const roleField = z.enum(ADMIN_ROLES, { error: accountMsg.roleInvalid });

/** POST /admin/admins */
export const addAdminSchema = z.object({
  name: z
    .string({ error: accountMsg.nameRequired })
    .trim()
    .min(1, { error: accountMsg.nameRequired })
    .max(100, { error: accountMsg.nameTooLong }),
  email: loginSchema.shape.email,
  role: roleField,
  password: newPasswordField,
});

/** PUT /admin/admins/{id}/password */
export const resetPasswordSchema = z.object({ password: newPasswordField });

/** PUT /admin/admins/{id}/role */
export const setRoleSchema = z.object({ role: roleField });

/** PUT /admin/me/password */
export const changeOwnPasswordSchema = z.object({
  current_password: z
    .string({ error: accountMsg.currentPasswordRequired })
    .min(1, { error: accountMsg.currentPasswordRequired }),
  new_password: newPasswordField,
});
