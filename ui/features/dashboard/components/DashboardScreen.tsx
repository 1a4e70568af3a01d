// /admin, the dashboard (SPEC 2): welcome, the four stat cards, today, tiles to every screen and
// the quick links. The figures come in the first HTML (+data) and follow bookings live. While the
// seller's required details are blank (rule: seller-first) a notice above them says which, with a
// link to the settings.
import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { screensFor } from '../../../components/admin/AdminFrame.js';
import { roleMay, type AdminRole } from '../../../../domain/admins/roles.js';
import { StatCard } from '../../../components/admin/StatCard.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { formatKr } from '../../../lib/format.js';
import { userAtom } from '../../../state/auth.js';
import { useLiveBookings } from '../../../components/live/useLiveBookings.js';
import { ChimeToggle } from '../../../components/live/ChimeToggle.js';
import { getOverview, type StatsOverview } from '../api/dashboard.js';
import { dashboardTexts } from '../texts.js';
import { DailyReportDialog } from './DailyReportDialog.js';
import type { RequiredSellerField } from '../../../../domain/settings/seller.js';

/**
 * overview: as the server read it for the first HTML; null when that failed. Staff (role) see no
 * figures and no report, which are the owner's, and tiles to their own screens only (rule: admin-roles).
 */
export function DashboardScreen({
  overview: initial,
  userName,
  role = 'owner',
  sellerMissing = [],
  notice,
}: {
  overview: StatsOverview | null;
  userName: string;
  role?: AdminRole;
  sellerMissing?: readonly RequiredSellerField[];
  /** Shown under the welcome, before everything else (the go-live checklist: rule go-live). */
  notice?: ReactNode;
}) {
  const user = useAtomValue(userAtom);
  const figures = roleMay(user?.role ?? role, 'stats');
  const { data: stats, reload } = useReloadable(initial, getOverview, dashboardTexts.statsFailed);
  const [reportOpen, setReportOpen] = useState(false);
  useLiveBookings(() => {
    if (figures) void reload();
  });

  const o = stats?.overview;
  const dash = (value: number | undefined) => value ?? '–';
  return (
    <>
      <div className="admin-title">
        <h1>{dashboardTexts.welcome(user?.name ?? userName)}</h1>
        <ChimeToggle label={dashboardTexts.sound} />
      </div>
      {notice}
      {sellerMissing.length > 0 && (
        <section className="notice seller-missing" role="note" aria-labelledby="seller-missing-title">
          <h2 id="seller-missing-title">{dashboardTexts.sellerMissingTitle}</h2>
          <p>{dashboardTexts.sellerMissing(sellerMissing.map((f) => dashboardTexts.sellerFields[f]).join(', '))}</p>
          <a href="/admin/settings#seller-title">{dashboardTexts.sellerMissingLink}</a>
        </section>
      )}
      {figures && (
        <section aria-label={dashboardTexts.keyFigures} className="stat-cards">
          <StatCard label={dashboardTexts.totalBookings} value={dash(o?.total_bookings)} />
          <StatCard label={dashboardTexts.confirmed} value={dash(o?.confirmed_bookings)} kind="ok" />
          <StatCard label={dashboardTexts.pending} value={dash(o?.pending_bookings)} kind="warn" />
          {/* SPEC 9: revenue arrives in kr and is multiplied by 100 before formatting. */}
          <StatCard
            label={dashboardTexts.totalRevenue}
            value={stats ? formatKr(stats.revenue.total_revenue * 100) : '–'}
          />
        </section>
      )}
      <div className="admin-columns">
        {figures && (
          <section className="card" aria-labelledby="today-title">
            <h2 id="today-title">{dashboardTexts.today}</h2>
            <dl className="details">
              <dt>{dashboardTexts.bookingsToday}</dt>
              <dd>{dash(stats?.today.bookings)}</dd>
              <dt>{dashboardTexts.pizzasToday}</dt>
              <dd>{dash(stats?.today.pizzas)}</dd>
              <dt>{dashboardTexts.pizzasTotal}</dt>
              <dd>{dash(o?.total_pizzas)}</dd>
            </dl>
          </section>
        )}
        <section className="card" aria-labelledby="quick-title">
          <h2 id="quick-title">{dashboardTexts.quickLinks}</h2>
          <ul className="quick-links">
            <li>
              <a href="/admin/bookings?status=pending">{dashboardTexts.pendingBookings}</a>
            </li>
            <li>
              <a href="/admin/bookings?date=today">{dashboardTexts.todaysBookings}</a>
            </li>
            {figures && (
              <>
                <li>
                  <button type="button" className="link-button" onClick={() => setReportOpen(true)}>
                    {dashboardTexts.dailyReport}
                  </button>
                </li>
                <li>
                  <a href="/admin/stats">{dashboardTexts.stats}</a>
                </li>
              </>
            )}
          </ul>
        </section>
      </div>
      <nav aria-label={dashboardTexts.screens} className="tiles">
        {screensFor(user?.role ?? role)
          .filter((s) => s.href !== '/admin')
          .map((screen) => (
            <a key={screen.href} className="tile" href={screen.href}>
              <span className="tile__title">{screen.label}</span>
              <span className="tile__text">{dashboardTexts.tiles[screen.href]}</span>
            </a>
          ))}
      </nav>
      {reportOpen && <DailyReportDialog onClose={() => setReportOpen(false)} />}
    </>
  );
}
