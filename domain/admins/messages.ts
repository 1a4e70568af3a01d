// The accounts' Swedish messages (rule: admin-roles, admin-accounts): refusals the API sends as {error}.
import { MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from './roles.js';

export const accountMsg = {
  ownerOnly: 'Det här får bara ägaren göra',
  emailTaken: 'Det finns redan ett konto med den e-postadressen',
  nameRequired: 'Namn krävs',
  nameTooLong: 'Namnet får vara högst 100 tecken',
  roleInvalid: 'Välj ägare eller personal',
  passwordTooShort: `Lösenordet måste vara minst ${MIN_ADMIN_PASSWORD_LENGTH} tecken`,
  passwordTooLong: `Lösenordet får vara högst ${MAX_ADMIN_PASSWORD_LENGTH} tecken`,
  currentPasswordRequired: 'Ange ditt nuvarande lösenord',
  currentPasswordWrong: 'Nuvarande lösenord stämmer inte',
  samePassword: 'Det nya lösenordet måste skilja sig från det nuvarande',
  lastOwner: 'Det måste finnas minst en ägare',
  resetOwnPassword: 'Byt ditt eget lösenord under Byt lösenord',
} as const;
