// /admin, the dashboard (SPEC 2): welcome, the four stat cards, today, tiles to every screen and
// the quick links; it follows new and changed bookings live.
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.js';
import { a } from '../../lib/adminTexts.js';
import { formatKr } from '../../lib/format.js';
import { userAtom } from '../../state/auth.js';
import { ADMIN_SCREENS } from '../../components/admin/AdminFrame.js';
import { DailyReportDialog } from '../../components/admin/DailyReportDialog.js';
import { SOUND_KEY, useLiveBookings } from '../../components/admin/useLiveBookings.js';

interface Overview {
  overview: { total_bookings: number; confirmed_bookings: number; pending_bookings: number; total_pizzas: number };
  revenue: { total_revenue: number; avg_order_value: number };
  today: { bookings: number; pizzas: number };
}

const TILE_TEXT: Record<string, string> = {
  '/admin/bookings': 'Bekräfta och hantera beställningar',
  '/admin/calendar': 'Öppettider och VIP-dagar per vecka',
  '/admin/pizzas': 'Menyn: pizzor och priser',
  '/admin/vip': 'VIP-kunder, VIP-datum och inbjudningar',
  '/admin/bonus-codes': 'Rabattkoder',
  '/admin/reports': 'Bokningsrapport som PDF',
  '/admin/stats': 'Statistik & Analys',
  '/admin/settings': 'Kapacitet, tider och e-post',
};

export default function Page() {
  const user = useAtomValue(userAtom);
  const [stats, setStats] = useState<Overview | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [sound, setSound] = useState(false);
  useEffect(() => setSound(localStorage.getItem(SOUND_KEY) === 'on'), []);

  const load = useCallback(() => {
    api<Overview>('/admin/stats/overview').then(setStats, () => toast.error(a.statsFailed));
  }, []);
  useEffect(load, [load]);
  useLiveBookings(load);

  const o = stats?.overview;
  return (
    <>
      <div className="admin-title">
        <h1>Välkommen, {user?.name}!</h1>
        <label className="check">
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              setSound(e.target.checked);
              localStorage.setItem(SOUND_KEY, e.target.checked ? 'on' : 'off');
            }}
          />
          <span>Ljud vid ny bokning</span>
        </label>
      </div>
      <section aria-label="Nyckeltal" className="stat-cards">
        <div className="stat-card">
          <span className="stat-card__label">Totalt antal bokningar</span>
          <span className="stat-card__value">{o?.total_bookings ?? '–'}</span>
        </div>
        <div className="stat-card stat-card--ok">
          <span className="stat-card__label">Bekräftade</span>
          <span className="stat-card__value">{o?.confirmed_bookings ?? '–'}</span>
        </div>
        <div className="stat-card stat-card--warn">
          <span className="stat-card__label">Väntande</span>
          <span className="stat-card__value">{o?.pending_bookings ?? '–'}</span>
        </div>
        <div className="stat-card">
          <span className="stat-card__label">Total omsättning</span>
          {/* SPEC 9: revenue arrives in kr and is multiplied by 100 before formatting. */}
          <span className="stat-card__value">{stats ? formatKr(stats.revenue.total_revenue * 100) : '–'}</span>
        </div>
      </section>
      <div className="admin-columns">
        <section className="card" aria-labelledby="today-title">
          <h2 id="today-title">Idag</h2>
          <dl className="details">
            <dt>Bokningar idag</dt>
            <dd>{stats?.today.bookings ?? '–'}</dd>
            <dt>Pizzor beställda idag</dt>
            <dd>{stats?.today.pizzas ?? '–'}</dd>
            <dt>Pizzor totalt</dt>
            <dd>{o?.total_pizzas ?? '–'}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="quick-title">
          <h2 id="quick-title">Snabblänkar</h2>
          <ul className="quick-links">
            <li>
              <a href="/admin/bookings?status=pending">Väntande bokningar</a>
            </li>
            <li>
              <a href="/admin/bookings?date=today">Dagens bokningar</a>
            </li>
            <li>
              <button type="button" className="link-button" onClick={() => setReportOpen(true)}>
                Ladda ner dagsrapport
              </button>
            </li>
            {ADMIN_SCREENS.some((s) => s.href === '/admin/stats') && (
              <li>
                <a href="/admin/stats">Statistik</a>
              </li>
            )}
          </ul>
        </section>
      </div>
      <nav aria-label="Adminsidor" className="tiles">
        {ADMIN_SCREENS.filter((s) => s.href !== '/admin').map((screen) => (
          <a key={screen.href} className="tile" href={screen.href}>
            <span className="tile__title">{screen.label}</span>
            <span className="tile__text">{TILE_TEXT[screen.href]}</span>
          </a>
        ))}
      </nav>
      {reportOpen && <DailyReportDialog onClose={() => setReportOpen(false)} />}
    </>
  );
}
