// Admin calls (SPEC 7). Login is open; every other route needs a valid session (401 otherwise).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Admin } from '../../domain/admins/admins.js';
import { bonusCodeInputSchema } from '../../domain/bonusCodes/bonusCodes.js';
import { pizzaInputSchema } from '../../domain/menu/menu.js';
import { msg } from '../../domain/messages.js';
import {
  bookingsQuerySchema,
  bookingsReportQuerySchema,
  calendarDaySchema,
  calendarWeekQuerySchema,
  dailyReportQuerySchema,
  loginSchema,
  staffCancelSchema,
  statsQuerySchema,
  vipDateDeleteSchema,
  vipDateSchema,
  vipInvitationSchema,
  vipLinkForDateSchema,
  vipLinkSchema,
} from '../../domain/payloads.js';
import { settingsSchema } from '../../domain/settings/settings.js';
import { vipCustomerInputSchema } from '../../domain/vip/vipCustomers.js';
import { DomainError } from '../../domain/shared/errors.js';
import { addDays, daysBetween, todayIn } from '../../domain/shared/time.js';
import { dayHours, lastBookableDate } from '../../domain/kioskDay/schedule.js';
import type { AdminSessionDoc, BonusCodeDoc, DayDoc } from '../../read-models/shapes.js';
import { C } from '../../read-models/shapes.js';
import {
  bookingsBetween,
  calendarDayView,
  calendarWeek,
  getBooking,
  listBonusCodes,
  listBookings,
  listPizzas,
  listVipCustomers,
  listVipDates,
  listVipInvitations,
  vipDateView,
} from '../../read-models/queries/admin.js';
import { getSettings, withNumericId } from '../../read-models/queries/common.js';
import { peakTimes, sales, statsOverview, topPizzas } from '../../read-models/queries/stats.js';
import { verifyPasswordAsync } from '../auth/password.js';
import { SESSION_HOURS, clearSession, newSessionSecret, requestSessionId, sessionIdOf, setSessionCookie } from '../auth/session.js';
import { numericId, parse } from '../http/validate.js';
import { liveBookings } from '../http/live.js';
import type { AppDeps, Limiters } from '../app.js';
import { limitedBy } from '../http/rateLimits.js';
import { sameSiteJsonOnly } from '../http/sameSite.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
    /** The id of the session the request came with (set with admin). */
    sessionId: string | null;
  }
}

// A valid hash of a random password nobody knows.
const UNKNOWN_ADMIN_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const userView = (admin: Admin) => ({ id: admin.id, name: admin.name, email: admin.email });
const actorOf = (request: FastifyRequest) => request.admin!.email;

export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps; limiters: Limiters }> = async (app, { deps, limiters }) => {
  const { kiosk, docs } = deps;
  app.decorateRequest('admin', null);
  app.decorateRequest('sessionId', null);
  // Admin answers (bookings, customers, reports) are never kept by a browser or proxy cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Login too: signing a browser into an attacker's account is a forgery of its own.
  app.addHook('onRequest', sameSiteJsonOnly(deps.publicUrl));

  app.post('/login', limitedBy(limiters.login), async (request, reply) => {
    const { email, password } = parse(loginSchema, request.body);
    const admin = await kiosk.adminByEmail(email);
    // An unknown e-mail costs the same hash as a wrong password: timing tells nothing.
    const valid = await verifyPasswordAsync(password, admin?.password_hash ?? UNKNOWN_ADMIN_HASH);
    if (!admin || !valid) {
      throw new DomainError(msg.wrongCredentials, 'unauthorized');
    }
    const secret = newSessionSecret();
    await kiosk.startSession(admin, sessionIdOf(secret), SESSION_HOURS);
    setSessionCookie(reply, secret, deps.secureCookies);
    return { user: userView(admin) };
  });

  await app.register(async (secured) => {
    // The session must be one the server knows, not ended and not expired, of an admin who exists.
    secured.addHook('preHandler', async (request) => {
      const sessionId = requestSessionId(request);
      const session = sessionId ? await docs.get<AdminSessionDoc>(C.adminSessions, sessionId) : null;
      const live = session && Date.parse(session.expires_at) > kiosk.clock().now.getTime();
      request.admin = live ? ((await kiosk.adminById(session.admin_id)) ?? null) : null;
      if (!request.admin) throw new DomainError(msg.notSignedIn, 'unauthorized');
      request.sessionId = sessionId;
    });

    secured.post('/logout', async (request, reply) => {
      await kiosk.endSession(request.sessionId!, 'logout', actorOf(request));
      clearSession(reply, deps.secureCookies);
      return { success: true };
    });

    // ---- admins and their sessions ----
    secured.get('/admins', async () => (await kiosk.listAdmins()).map(userView));

    secured.delete<{ Params: { id: string } }>('/admins/:id', async (request) => {
      await kiosk.removeAdmin(numericId(request.params.id, msg.adminNotFound), request.admin!);
      return { success: true };
    });

    secured.get('/sessions', async (request) => {
      const now = kiosk.clock().now.toISOString();
      const [sessions, admins] = await Promise.all([docs.find<AdminSessionDoc>(C.adminSessions, { expires_at: { $gt: now } }), kiosk.listAdmins()]);
      const emails = new Map(admins.map((a) => [a.id, a.email]));
      return sessions
        .filter((s) => emails.has(s.admin_id))
        .sort((a, b) => b.started_at.localeCompare(a.started_at))
        .map((s) => ({ id: s.id, admin_id: s.admin_id, admin_email: emails.get(s.admin_id), started_at: s.started_at, expires_at: s.expires_at, current: s.id === request.sessionId }));
    });

    secured.delete<{ Params: { id: string } }>('/sessions/:id', async (request) => {
      await kiosk.endSession(request.params.id, 'ended_by_admin', actorOf(request));
      return { success: true };
    });

    secured.get('/me', async (request) => ({ user: userView(request.admin!) }));

    // Booking changes as server-sent events, for the dashboard and the bookings list.
    if (deps.onApplied) secured.get('/live', liveBookings(secured, deps.onApplied));

    // ---- bookings ----
    secured.get('/bookings', async (request) => {
      const query = parse(bookingsQuerySchema, request.query);
      return listBookings(docs, { ...query, clock: kiosk.clock() });
    });

    secured.get<{ Params: { id: string } }>('/bookings/:id', async (request) => {
      const booking = await getBooking(docs, request.params.id);
      if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
      return booking;
    });

    secured.get<{ Params: { id: string } }>('/bookings/:id/history', async (request) => kiosk.bookingHistory(request.params.id));

    secured.put<{ Params: { id: string } }>('/bookings/:id/confirm', async (request) => {
      await kiosk.confirmBooking(request.params.id, actorOf(request));
      return { success: true, booking: await getBooking(docs, request.params.id) };
    });

    secured.put<{ Params: { id: string } }>('/bookings/:id/cancel', async (request) => {
      const { reason } = parse(staffCancelSchema, request.body);
      await kiosk.cancelBookingByStaff(request.params.id, reason, actorOf(request));
      return { success: true, booking: await getBooking(docs, request.params.id) };
    });

    // ---- reports (PDF) ----
    secured.get('/daily-report', async (request, reply) => {
      const { date } = parse(dailyReportQuerySchema, request.query);
      // @react-pdf/renderer is heavy: it loads with the first report, not at start.
      const { renderDailyReport } = await import('../reports/dailyReportPdf.js');
      const clock = kiosk.clock();
      const pdf = await renderDailyReport({ date, generatedAt: clock.now.toISOString(), timeZone: clock.timeZone, bookings: await bookingsBetween(docs, date, date) });
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="palombo-rapport-${date}.pdf"`).send(pdf);
    });

    secured.get('/bookings/report', async (request, reply) => {
      const { startDate, endDate } = parse(bookingsReportQuerySchema, request.query);
      const bookings = await bookingsBetween(docs, startDate, endDate);
      const { renderBookingsReport } = await import('../reports/bookingsReportPdf.js');
      const clock = kiosk.clock();
      const pdf = await renderBookingsReport({ startDate, endDate, generatedAt: clock.now.toISOString(), timeZone: clock.timeZone, bookings });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="bokningsrapport-${startDate}-${endDate}.pdf"`)
        .send(pdf);
    });

    // ---- pizzas ----
    secured.get('/pizzas', async () => listPizzas(docs, { activeOnly: false }));

    secured.post('/pizzas', async (request, reply) => {
      const pizza = await kiosk.addPizza(parse(pizzaInputSchema, request.body), actorOf(request));
      return reply.status(201).send({ ...pizza, active: pizza.active ? 1 : 0 });
    });

    secured.put<{ Params: { id: string } }>('/pizzas/:id', async (request) => {
      const id = numericId(request.params.id, msg.pizzaNotFound);
      const pizza = await kiosk.updatePizza(id, parse(pizzaInputSchema, request.body), actorOf(request));
      return { ...pizza, active: pizza.active ? 1 : 0 };
    });

    secured.delete<{ Params: { id: string } }>('/pizzas/:id', async (request) => {
      await kiosk.removePizza(numericId(request.params.id, msg.pizzaNotFound), actorOf(request));
      return { success: true };
    });

    // ---- bonus codes ----
    const bonusCodeById = async (id: number) => {
      const doc = await docs.get<BonusCodeDoc>(C.bonusCodes, String(id));
      return doc ? withNumericId(doc) : null;
    };

    secured.get('/bonus-codes', async () => listBonusCodes(docs));

    secured.post('/bonus-codes', async (request, reply) => {
      const id = await kiosk.createBonusCode(parse(bonusCodeInputSchema, request.body), actorOf(request));
      return reply.status(201).send(await bonusCodeById(id));
    });

    secured.put<{ Params: { id: string } }>('/bonus-codes/:id', async (request) => {
      const id = numericId(request.params.id, msg.bonusCodeNotFound);
      await kiosk.updateBonusCode(id, parse(bonusCodeInputSchema, request.body), actorOf(request));
      return bonusCodeById(id);
    });

    secured.delete<{ Params: { id: string } }>('/bonus-codes/:id', async (request) => {
      await kiosk.deleteBonusCode(numericId(request.params.id, msg.bonusCodeNotFound), actorOf(request));
      return { success: true };
    });

    // ---- statistics ----
    secured.get('/stats/overview', async () => statsOverview(docs, kiosk.clock()));
    secured.get('/stats/top-pizzas', async (request) => {
      const q = parse(statsQuerySchema, request.query);
      return topPizzas(docs, { period: q.period, limit: q.limit, clock: kiosk.clock() });
    });
    secured.get('/stats/peak-times', async (request) => {
      const q = parse(statsQuerySchema, request.query);
      return peakTimes(docs, { period: q.period, clock: kiosk.clock() });
    });
    secured.get('/stats/sales', async (request) => {
      const q = parse(statsQuerySchema, request.query);
      return sales(docs, { period: q.period, groupBy: q.group_by, clock: kiosk.clock() });
    });

    // ---- settings ----
    secured.get('/settings', async () => getSettings(docs));

    secured.put('/settings', async (request) => {
      const settings = await kiosk.updateSettings(parse(settingsSchema, request.body), actorOf(request));
      return { success: true, settings };
    });

    secured.post('/settings/reset', async (request) => ({ success: true, settings: await kiosk.resetSettings(actorOf(request)) }));

    // Weekday hours apply live to every date without an own calendar entry, so syncing changes no
    // stored day: it reports which coming dates now follow the weekday settings and which keep
    // their own entry (see README, API section).
    secured.post('/settings/sync-calendar', async () => {
      const settings = await getSettings(docs);
      const today = todayIn(kiosk.clock());
      const last = lastBookableDate(today, settings, { customerId: null, customerName: '', date: null });
      const own = new Set(
        (await docs.find<DayDoc>(C.days, { date: { $gte: today, $lte: last } })).filter((d) => d.entry !== null).map((d) => d.date),
      );
      let updated = 0;
      let openDays = 0;
      for (let date = today; daysBetween(date, last) >= 0; date = addDays(date, 1)) {
        if (own.has(date)) continue;
        updated += 1;
        if (dayHours(date, settings, null).isOpen) openDays += 1;
      }
      return { success: true, message: msg.calendarSynced, updated_days: updated, open_days: openDays, kept_days: own.size, until: last };
    });

    // ---- calendar ----
    secured.get('/calendar/week', async (request) => {
      const q = parse(calendarWeekQuerySchema, request.query);
      const end = q.end ?? addDays(q.start, 6);
      if (daysBetween(q.start, end) > 62) throw new DomainError(msg.invalidRequest);
      return calendarWeek(docs, { start: q.start, end });
    });

    secured.post('/calendar/day', async (request) => {
      const input = parse(calendarDaySchema, request.body);
      await kiosk.setDaySchedule(input, actorOf(request));
      return { success: true, day: await calendarDayView(docs, input.date) };
    });

    // ---- VIP customers ----
    secured.get('/vip-customers', async () => listVipCustomers(docs));

    secured.post('/vip-customers', async (request, reply) => {
      const customer = await kiosk.addVipCustomer(parse(vipCustomerInputSchema, request.body), actorOf(request));
      return reply.status(201).send({ ...customer, active: customer.active ? 1 : 0 });
    });

    secured.put<{ Params: { id: string } }>('/vip-customers/:id', async (request) => {
      const id = numericId(request.params.id, msg.vipCustomerNotFound);
      const customer = await kiosk.updateVipCustomer(id, parse(vipCustomerInputSchema, request.body), actorOf(request));
      return { ...customer, active: customer.active ? 1 : 0 };
    });

    secured.delete<{ Params: { id: string } }>('/vip-customers/:id', async (request) => {
      await kiosk.removeVipCustomer(numericId(request.params.id, msg.vipCustomerNotFound), actorOf(request));
      return { success: true };
    });

    // ---- VIP dates (the id of a VIP date is its date) ----
    secured.get('/vip-dates', async () => listVipDates(docs));

    secured.post('/vip-dates', async (request, reply) => {
      const { date, description } = parse(vipDateSchema, request.body);
      await kiosk.markVipDate(date, description, actorOf(request));
      return reply.status(201).send({ success: true, vip_date: vipDateView({ date, vip_description: description, vip_created_by: actorOf(request) }) });
    });

    secured.delete('/vip-dates', async (request) => {
      const { date } = parse(vipDateDeleteSchema, request.body);
      await kiosk.removeVipDate(date, actorOf(request));
      return { success: true };
    });

    secured.delete<{ Params: { id: string } }>('/vip-dates/:id', async (request) => {
      const { date } = parse(vipDateDeleteSchema, { date: request.params.id });
      await kiosk.removeVipDate(date, actorOf(request));
      return { success: true };
    });

    // ---- VIP links and invitations ----
    secured.post('/vip-links/generate-for-date', async (request) => {
      const input = parse(vipLinkForDateSchema, request.body);
      return kiosk.issueVipLink({ customerId: null, vipDate: input.vip_date_id, expiresHours: input.expires_hours }, actorOf(request));
    });

    secured.post('/vip-links/generate', async (request) => {
      const input = parse(vipLinkSchema, request.body);
      return kiosk.issueVipLink({ customerId: input.vip_customer_id, vipDate: input.vip_date_id, expiresHours: input.expires_hours }, actorOf(request));
    });

    secured.post('/vip-invitations/send', async (request) => {
      const input = parse(vipInvitationSchema, request.body);
      const invitations = await kiosk.sendVipInvitations(
        { customerIds: input.customer_ids, subject: input.subject, message: input.message, expiresHours: input.expires_hours, vipDate: input.vip_date_id },
        actorOf(request),
      );
      return { success: true, sent: invitations.length, invitations };
    });

    secured.get('/vip-invitations', async () => listVipInvitations(docs));
  });
};
