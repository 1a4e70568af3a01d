// The accounts' texts (rule: admin-accounts): the owner's screen /admin/accounts 'Konton' and
// everyone's own password change from the admin header. The server's refusals come as {error}.
import type { AdminRole } from '../../../domain/admins/roles.js';

export const accountTexts = {
  title: 'Konton',
  intro:
    'Ägaren kan allt. Personal arbetar med bokningar, köket, disken och e-postloggen, men inte med inställningar, menyn, rapporter, bokföring, Kunddata eller konton.',
  add: 'Lägg till konto',
  caption: 'Konton som kan logga in i admin',
  columns: { name: 'Namn', email: 'E-post', role: 'Roll', actions: 'Åtgärder' },
  roles: { owner: 'Ägare', staff: 'Personal' } satisfies Record<AdminRole, string>,
  you: '(du)',
  ownRow: 'Ditt lösenord byter du under Byt lösenord högst upp',
  empty: 'Inga konton.',
  loadFailed: 'Kunde inte ladda konton',
  // add
  newTitle: 'Nytt konto',
  name: 'Namn',
  email: 'E-post',
  role: 'Roll',
  roleHint: 'Personal kan inte ändra inställningar, menyn eller konton.',
  firstPassword: 'Första lösenord',
  passwordHint: 'Minst 12 tecken. Lämna det till kollegan på ett säkert sätt; hen kan byta det själv.',
  create: 'Lägg till',
  created: 'Kontot har lagts till',
  createFailed: 'Kunde inte lägga till kontot',
  // row actions
  resetPassword: 'Nytt lösenord',
  resetNamed: (name: string) => `Sätt nytt lösenord för ${name}`,
  makeOwner: 'Gör till ägare',
  makeStaff: 'Gör till personal',
  roleNamed: (action: string, name: string) => `${action}: ${name}`,
  roleChanged: 'Rollen har ändrats',
  roleFailed: 'Kunde inte ändra rollen',
  remove: 'Ta bort',
  removeNamed: (name: string) => `Ta bort ${name}`,
  confirmRemove: (name: string) => `Ta bort kontot för ${name}? Hen loggas ut direkt.`,
  removed: 'Kontot har tagits bort',
  removeFailed: 'Kunde inte ta bort kontot',
  // reset
  resetTitle: (name: string) => `Nytt lösenord för ${name}`,
  newPassword: 'Nytt lösenord',
  resetHint: 'Minst 12 tecken. Kollegan loggas ut överallt och loggar in med det nya lösenordet.',
  resetSave: 'Spara lösenord',
  resetDone: 'Lösenordet har bytts',
  resetFailed: 'Kunde inte byta lösenordet',
  // own password
  changeOwn: 'Byt lösenord',
  changeOwnTitle: 'Byt ditt lösenord',
  currentPassword: 'Nuvarande lösenord',
  ownHint: 'Minst 12 tecken. Dina andra inloggningar avslutas.',
  changeOwnDone: 'Ditt lösenord har bytts',
  changeOwnFailed: 'Kunde inte byta lösenordet',
};
