// Who may do what in /admin (rule: admin-roles). Two roles: the owner may do everything; staff
// run the day (bookings, the kitchen board, the counter, the mail log) and everything else is the
// owner's (settings, the menu, accounting and reports, statistics, Kunddata, VIP, bonus codes, the
// calendar and closures, the accounts). The API names one capability per admin route
// (api/routes/admin/capabilities.ts) and refuses a role that may not use it with 403; a route
// that names none is the owner's. The admin UI shows each role only its own screens.

export const ADMIN_ROLES = ['owner', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** An admin written before roles existed (AdminCreated without a role) is an owner. */
export const roleOf = (admin: { role?: AdminRole }): AdminRole => admin.role ?? 'owner';

export const CAPABILITIES = [
  /** One's own account: who am I, sign out, change one's own password. */
  'own-account',
  'bookings',
  'kitchen',
  'counter',
  'mail-log',
  /** Reading the menu with its stock (the counter screen lists it); changing it is 'menu'. */
  'menu-read',
  'menu',
  'settings',
  'calendar',
  'vip',
  'bonus-codes',
  'reports',
  'accounting',
  'stats',
  'customers',
  'accounts',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const STAFF_MAY: ReadonlySet<Capability> = new Set<Capability>([
  'own-account',
  'bookings',
  'kitchen',
  'counter',
  'mail-log',
  'menu-read',
]);

/** Whether a role may use a capability: the owner everything, staff the day's work. */
export function roleMay(role: AdminRole, capability: Capability): boolean {
  return role === 'owner' || STAFF_MAY.has(capability);
}

/** The roles that may use a capability, owner first (what the OpenAPI document names). */
export const rolesFor = (capability: Capability): AdminRole[] => ADMIN_ROLES.filter((r) => roleMay(r, capability));

/** The capability each admin screen needs; a screen not listed is the owner's. */
const SCREEN_CAPABILITY: Record<string, Capability> = {
  '/admin': 'own-account',
  '/admin/bookings': 'bookings',
  '/admin/kitchen': 'kitchen',
  '/admin/counter': 'counter',
  '/admin/mail': 'mail-log',
};

/** Whether a role may open an admin screen (its sub-pages go with it: /admin/calendar/closures is the calendar's). */
export function roleMayOpen(role: AdminRole, path: string): boolean {
  if (role === 'owner') return true;
  const screen = path.replace(/\/+$/, '') || '/';
  if (screen === '/admin/login') return true;
  const own = SCREEN_CAPABILITY[screen];
  if (own) return roleMay(role, own);
  const parent = Object.keys(SCREEN_CAPABILITY)
    .filter((s) => s !== '/admin' && screen.startsWith(`${s}/`))
    .sort((a, b) => b.length - a.length)[0];
  return parent ? roleMay(role, SCREEN_CAPABILITY[parent]) : false;
}

/** The shortest password an admin may choose, as for the backup passphrase (api/config.ts). */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
export const MAX_ADMIN_PASSWORD_LENGTH = 200;
