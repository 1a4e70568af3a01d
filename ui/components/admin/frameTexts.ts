// The admin frame's texts: the screens in the order staff use them (nav and dashboard tiles; each
// role sees the ones it may open, rule admin-roles), the header's words and the version SPEC 2 shows.
import { APP_VERSION } from '../../../domain/version.js';

export const ADMIN_VERSION = `v${APP_VERSION}`;

export const ADMIN_SCREENS = [
  { href: '/admin', label: 'Översikt' },
  { href: '/admin/bookings', label: 'Bokningar' },
  { href: '/admin/kitchen', label: 'Kök' },
  { href: '/admin/counter', label: 'Disken' },
  { href: '/admin/calendar', label: 'Kalender' },
  { href: '/admin/pizzas', label: 'Pizzor' },
  { href: '/admin/vip', label: 'VIP' },
  { href: '/admin/bonus-codes', label: 'Bonuskoder' },
  { href: '/admin/reports', label: 'Rapporter' },
  { href: '/admin/stats', label: 'Statistik' },
  { href: '/admin/mail', label: 'E-post' },
  { href: '/admin/customers', label: 'Kunddata' },
  { href: '/admin/settings', label: 'Inställningar' },
  { href: '/admin/swish', label: 'Swish' },
  { href: '/admin/accounts', label: 'Konton' },
] as const;

export const frameTexts = {
  brand: 'Pizzakiosken Admin',
  toSite: 'Till webbplatsen',
  logout: 'Logga ut',
  nav: 'Admin',
  loading: 'Laddar...',
  backToOverview: 'Tillbaka till översikten',
};
