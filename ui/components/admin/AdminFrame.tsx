// Pieces of the admin frame shared by its layout and pages: the screens, the loading state and
// logout.
import { navigate } from 'vike/client/router';
import { api } from '../../lib/api.js';
import { a } from '../../lib/adminTexts.js';

/** The admin screens built so far, in the order staff use them (nav and dashboard tiles). */
export const ADMIN_SCREENS = [
  { href: '/admin', label: 'Översikt' },
  { href: '/admin/bookings', label: 'Bokningar' },
  { href: '/admin/calendar', label: 'Kalender' },
  { href: '/admin/pizzas', label: 'Pizzor' },
  { href: '/admin/vip', label: 'VIP' },
  { href: '/admin/bonus-codes', label: 'Bonuskoder' },
  { href: '/admin/reports', label: 'Rapporter' },
  { href: '/admin/stats', label: 'Statistik' },
  { href: '/admin/settings', label: 'Inställningar' },
];

export function Loading() {
  return (
    <div className="admin-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {a.loading}
    </div>
  );
}

/** Logout clears the user even when the call fails (the failure is only logged). */
export async function logout(setUser: (user: null) => void) {
  try {
    await api('/admin/logout', { body: {} });
  } catch (error) {
    console.warn('Utloggningen misslyckades', error);
  }
  setUser(null);
  await navigate('/admin/login', { overwriteLastHistoryEntry: true });
}

