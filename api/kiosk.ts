// The application service: turns validated requests into domain commands on the right streams,
// gathering what a decision needs from other streams first (settings, menu, VIP links). Every
// business rule it relies on lives in domain/; this module only wires streams together.
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import type { Position } from '../domain/eventStore.js';
import type { Decider, DomainEvent } from '../domain/shared/decider.js';
import { msg } from '../domain/messages.js';
import { DomainError, notFound, reject } from '../domain/shared/errors.js';
import type { Clock } from '../domain/shared/time.js';
import {
  SETTINGS_STREAM,
  currentSettings,
  defaultSettings,
  settingsDecider,
  type Settings,
} from '../domain/settings/settings.js';
import { DEMO_MENU, MENU_STREAM, menuDecider, type Pizza, type PizzaInput } from '../domain/menu/menu.js';
import { kioskDayDecider, type PlaceBooking } from '../domain/kioskDay/decide.js';
import { dateOfBookingId, kioskDayStream, type BookingCancelledData, type BookingLine, type BookingPlacedData, type KioskDayState } from '../domain/kioskDay/kioskDay.js';
import { bookingHistory, type BookingHistoryEntry } from '../domain/kioskDay/history.js';
import { dayHours, type VipAccess } from '../domain/kioskDay/schedule.js';
import { BONUS_CODES_STREAM, bonusCodesDecider, findByCode, type BonusCodeInput } from '../domain/bonusCodes/bonusCodes.js';
import { VIP_CUSTOMERS_STREAM, vipCustomersDecider, type VipCustomer, type VipCustomerInput } from '../domain/vip/vipCustomers.js';
import { VIP_LINKS_STREAM, vipAccessFromLink, vipLinksDecider } from '../domain/vip/vipLinks.js';
import { ADMINS_STREAM, adminByEmail, adminsDecider, type Admin } from '../domain/admins/admins.js';
import { PUSH_STREAM, pushDecider } from '../domain/push/push.js';
import type { BookingPayload } from '../domain/payloads.js';
import type { CommandBus, CommandMeta } from './commands/commandBus.js';
import { hashPassword, verifyPassword } from './auth/password.js';

export interface KioskOptions {
  bus: CommandBus;
  clock: () => Clock;
  /** Base of links sent to customers, e.g. https://pizzakiosken.se */
  publicUrl: string;
  /** Resolves once the read models include the position (read-your-writes). */
  waitForReadModels: (position: Position) => Promise<unknown>;
}

export class Kiosk {
  constructor(private readonly o: KioskOptions) {}

  clock(): Clock {
    return this.o.clock();
  }

  private meta(actor: string): CommandMeta {
    return { actor, now: this.o.clock().now, correlationId: randomUUID() };
  }

  private async settled<T extends { position: Position }>(result: T): Promise<T> {
    await this.o.waitForReadModels(result.position);
    return result;
  }

  /** Runs a command and answers once the read models show its events (read-your-writes). */
  private async write<C, E extends DomainEvent, S>(stream: string, decider: Decider<C, E, S>, command: C, actor: string) {
    return this.settled(await this.o.bus.handle(stream, decider, command, this.meta(actor)));
  }

  // ---- settings --------------------------------------------------------------------------

  async settings(): Promise<Settings> {
    return currentSettings((await this.o.bus.load(SETTINGS_STREAM, settingsDecider)).state);
  }

  async updateSettings(settings: Settings, actor: string) {
    await this.write(SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', settings }, actor);
    return settings;
  }

  async resetSettings(actor: string) {
    const current = await this.settings();
    // The admin e-mail is where bookings are announced: a reset keeps it.
    const defaults = defaultSettings(current.admin_email);
    await this.write(SETTINGS_STREAM, settingsDecider, { type: 'ResetSettings', defaults }, actor);
    return defaults;
  }

  // ---- first start -------------------------------------------------------------------------

  /** Seeds default settings and the demo menu on an empty store; later starts change nothing. */
  async seed(adminEmail: string | undefined) {
    const meta = this.meta('system');
    await this.o.bus.handle(SETTINGS_STREAM, settingsDecider, { type: 'InitialiseSettings', defaults: defaultSettings(adminEmail) }, meta);
    await this.o.bus.handle(MENU_STREAM, menuDecider, { type: 'SeedMenu', pizzas: DEMO_MENU }, meta);
  }

  /**
   * ADMIN_EMAIL + ADMIN_PASSWORD create or update that admin. With neither set and no admin yet,
   * one is made with a random password, which is returned so the caller can print it once.
   */
  async bootstrapAdmin(email: string | undefined, password: string | undefined): Promise<{ email: string; generatedPassword: string | null }> {
    const admins = (await this.o.bus.load(ADMINS_STREAM, adminsDecider)).state;
    let generatedPassword: string | null = null;
    if (!email || !password) {
      const first = [...admins.admins.values()][0];
      if (first) return { email: first.email, generatedPassword: null };
      email = email ?? 'admin@pizzakiosken.se';
      password = generatedPassword = randomBytes(12).toString('base64url');
    }
    const plain = password;
    await this.o.bus.handle(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'EnsureAdmin', email, name: 'Administratör', password_hash: await hashPassword(plain), samePassword: (hash) => verifyPassword(plain, hash), now: this.o.clock().now },
      this.meta('system'),
    );
    return { email: email.toLowerCase(), generatedPassword };
  }

  async listAdmins(): Promise<Admin[]> {
    return [...(await this.o.bus.load(ADMINS_STREAM, adminsDecider)).state.admins.values()];
  }

  async removeAdmin(id: number, actor: Admin) {
    await this.write(ADMINS_STREAM, adminsDecider, { type: 'RemoveAdmin', id, actor_id: actor.id, actor: actor.email, now: this.o.clock().now }, actor.email);
  }

  async startSession(admin: Admin, sessionId: string, hours: number) {
    await this.write(ADMINS_STREAM, adminsDecider, { type: 'StartSession', admin_id: admin.id, session_id: sessionId, now: this.o.clock().now, hours }, admin.email);
  }

  async endSession(sessionId: string, reason: 'logout' | 'ended_by_admin', actor: string) {
    await this.write(ADMINS_STREAM, adminsDecider, { type: 'EndSession', session_id: sessionId, reason, actor, now: this.o.clock().now }, actor);
  }

  async adminByEmail(email: string): Promise<Admin | undefined> {
    return adminByEmail((await this.o.bus.load(ADMINS_STREAM, adminsDecider)).state, email);
  }

  async adminById(id: number): Promise<Admin | undefined> {
    return (await this.o.bus.load(ADMINS_STREAM, adminsDecider)).state.admins.get(id);
  }

  // ---- menu --------------------------------------------------------------------------------

  async addPizza(pizza: PizzaInput, actor: string) {
    const result = await this.write(MENU_STREAM, menuDecider, { type: 'AddPizza', pizza }, actor);
    return result.events[0]!.data as Pizza;
  }

  async updatePizza(id: number, pizza: PizzaInput, actor: string) {
    const result = await this.write(MENU_STREAM, menuDecider, { type: 'UpdatePizza', id, pizza }, actor);
    return result.events[0]!.data as Pizza;
  }

  async removePizza(id: number, actor: string) {
    await this.write(MENU_STREAM, menuDecider, { type: 'RemovePizza', id }, actor);
  }

  // ---- VIP access ----------------------------------------------------------------------------

  /** Resolves a vip token against the event streams themselves (exact, never lagging). */
  async vipAccess(token: string): Promise<{ access: VipAccess; customer: VipCustomer | null }> {
    const [links, customers] = await Promise.all([
      this.o.bus.load(VIP_LINKS_STREAM, vipLinksDecider),
      this.o.bus.load(VIP_CUSTOMERS_STREAM, vipCustomersDecider),
    ]);
    const link = links.state.links.get(token);
    const result = vipAccessFromLink(link, link?.vip_customer_id != null ? customers.state.customers.get(link.vip_customer_id) : null, this.o.clock().now);
    if ('problem' in result) reject(result.problem);
    return result as { access: VipAccess; customer: VipCustomer | null };
  }

  // ---- bookings ------------------------------------------------------------------------------

  /**
   * Places a booking. With a bonus code the use is redeemed first (bonus-codes stream) and
   * released again if the booking is refused (kiosk-day stream): there are no multi-stream
   * transactions, and this order means a crash in between can only leave a use counted that no
   * booking made, never a booking that used a code beyond its limit.
   *
   * With an idempotency key a retry of a booking already placed appends nothing and answers what
   * the first request got (rule: idempotent-booking); it never redeems the code again: the day is
   * asked first, and the use is redeemed under a reference made from the key, so two retries
   * racing past that check still hold one use between them.
   */
  async placeBooking(payload: BookingPayload, idempotencyKey: string | null = null): Promise<BookingPlacedData> {
    const clock = this.o.clock();
    const [settings, menu] = await Promise.all([this.settings(), this.o.bus.load(MENU_STREAM, menuDecider)]);
    const lines = linesFromMenu(payload.items, menu.state.pizzas);
    const vip = payload.vip_token ? (await this.vipAccess(payload.vip_token)).access : null;
    const command: PlaceBooking = {
      type: 'PlaceBooking',
      date: payload.date,
      time: payload.time,
      requestedPizzas: payload.requested_pizzas,
      lines,
      customer: { name: payload.name, email: payload.email, phone: payload.phone },
      dine_in: payload.dine_in,
      comment: payload.comment,
      discount: null,
      vip,
      settings,
      clock,
      idempotencyKey,
    };
    const stream = kioskDayStream(payload.date);

    const meta = this.meta('customer');
    let release: (() => Promise<unknown>) | null = null;
    if (payload.bonus_code) {
      // A retry of a placed booking goes straight to the day, which answers it (or refuses a
      // different order under the same key) without the code being touched.
      const day = (await this.o.bus.load(stream, kioskDayDecider)).state;
      if (!holdsKey(day, idempotencyKey)) {
        // Refuse an invalid order before touching the bonus code (the real decision comes below).
        kioskDayDecider.decide(command, day);
        const ref = idempotencyKey !== null ? bookingRefForKey(payload.date, idempotencyKey) : randomUUID();
        const code = payload.bonus_code;
        const redeemed = await this.o.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'RedeemBonusCode', code, booking_ref: ref, clock }, meta);
        const bonus = findByCode(redeemed.state, code)!;
        command.discount = { code: bonus.code, percentage: bonus.discount_percentage, booking_ref: ref };
        // Only the request whose redemption appended the use gives it back: one that found the use
        // already held (a racing retry of the same key) must not free it under a booking the
        // other may be placing with it.
        if (redeemed.events.length > 0) {
          release = () => this.o.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'ReleaseBonusCode', code, booking_ref: ref }, meta);
        }
      }
    }
    try {
      const result = await this.settled(await this.o.bus.handle(stream, kioskDayDecider, command, meta));
      const placed = result.events[0]?.data as BookingPlacedData | undefined;
      if (placed) return placed;
      // No event: the key's booking was placed before, by this process or another.
      const state = result.state ?? (await this.o.bus.load(stream, kioskDayDecider)).state;
      const earlier = idempotencyKey !== null ? state.byIdempotencyKey.get(idempotencyKey) : undefined;
      if (!earlier) throw new Error(`PlaceBooking on ${stream} decided no event and no earlier booking`);
      return earlier;
    } catch (error) {
      // A use under a key the day now holds belongs to that booking (a racing request with the
      // same key placed it, perhaps as another order: this one's 409): it is not ours to free.
      if (release && !holdsKey((await this.o.bus.load(stream, kioskDayDecider)).state, idempotencyKey)) await release();
      throw error;
    }
  }

  /** The booking's events with actor and changes, oldest first; not found when it has none. */
  async bookingHistory(bookingId: string): Promise<BookingHistoryEntry[]> {
    const id = bookingId.trim();
    const history = bookingHistory(await this.o.bus.readStream(kioskDayStream(bookingDate(id))), id);
    if (history.length === 0) notFound(msg.bookingNotFound);
    return history;
  }

  async confirmBooking(bookingId: string, actor: string) {
    const date = bookingDate(bookingId);
    await this.write(kioskDayStream(date), kioskDayDecider, { type: 'ConfirmBooking', bookingId, clock: this.o.clock() }, actor);
  }

  async cancelBookingByStaff(bookingId: string, reason: string, actor: string) {
    const date = bookingDate(bookingId);
    const meta = this.meta(actor);
    const result = await this.o.bus.handle(kioskDayStream(date), kioskDayDecider, { type: 'CancelBookingByStaff', bookingId, reason, clock: this.o.clock() }, meta);
    await this.settled(await this.returnBonusCodeUse(result, meta));
  }

  async cancelBookingByCustomer(bookingId: string, email: string) {
    const date = dateOfBookingId(bookingId);
    if (!date) notFound(msg.bookingNotFound);
    const settings = await this.settings();
    const meta = this.meta('customer');
    const result = await this.o.bus.handle(kioskDayStream(date!), kioskDayDecider, { type: 'CancelBookingByCustomer', bookingId: bookingId.trim(), email, settings, clock: this.o.clock() }, meta);
    await this.settled(await this.returnBonusCodeUse(result, meta));
  }

  /**
   * A cancelled booking gives its bonus-code use back on the bonus-codes stream, under the
   * reference it was redeemed with, so it is given back once however often this runs. A crash
   * between the two appends leaves the use counted: the code is under-used, never over-used.
   * Answers the later of the two results, for read-your-writes.
   */
  private async returnBonusCodeUse<T extends { position: Position; events: DomainEvent[] }>(cancelled: T, meta: CommandMeta) {
    const event = cancelled.events.find((e) => e.type === 'BookingCancelled');
    const data = event?.data as BookingCancelledData | undefined;
    if (!data?.bonus_code || !data.bonus_ref) return cancelled;
    const released = await this.o.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'ReleaseBonusCode', code: data.bonus_code, booking_ref: data.bonus_ref }, meta);
    return released.events.length > 0 ? released : cancelled;
  }

  // ---- calendar and VIP dates --------------------------------------------------------------

  async setDaySchedule(input: { date: string; isOpen: boolean; openTime?: string; closeTime?: string }, actor: string) {
    const [settings, day] = await Promise.all([this.settings(), this.o.bus.load(kioskDayStream(input.date), kioskDayDecider)]);
    // Times left out keep the day's current hours, so toggling open/closed is one field.
    const current = dayHours(input.date, settings, day.state.entry);
    const entry = { isOpen: input.isOpen, openTime: input.openTime ?? current.openTime, closeTime: input.closeTime ?? current.closeTime };
    await this.write(kioskDayStream(input.date), kioskDayDecider, { type: 'SetDaySchedule', date: input.date, entry }, actor);
  }

  async markVipDate(date: string, description: string | null, actor: string) {
    const settings = await this.settings();
    await this.write(kioskDayStream(date), kioskDayDecider, { type: 'MarkDayVip', date, description, actor, settings }, actor);
  }

  async removeVipDate(date: string, actor: string) {
    await this.write(kioskDayStream(date), kioskDayDecider, { type: 'RemoveDayVip', date }, actor);
  }

  private async requireVipDay(date: string, message: string) {
    const day = await this.o.bus.load(kioskDayStream(date), kioskDayDecider);
    if (!day.state.vip) reject(message);
  }

  // ---- VIP customers, links and invitations ---------------------------------------------------

  async addVipCustomer(input: VipCustomerInput, actor: string) {
    const result = await this.write(VIP_CUSTOMERS_STREAM, vipCustomersDecider, { type: 'AddVipCustomer', input, now: this.o.clock().now }, actor);
    return result.state.customers.get((result.events[0]!.data as { id: number }).id)!;
  }

  async updateVipCustomer(id: number, input: VipCustomerInput, actor: string) {
    const result = await this.write(VIP_CUSTOMERS_STREAM, vipCustomersDecider, { type: 'UpdateVipCustomer', id, input }, actor);
    return result.state.customers.get(id)!;
  }

  async removeVipCustomer(id: number, actor: string) {
    await this.write(VIP_CUSTOMERS_STREAM, vipCustomersDecider, { type: 'RemoveVipCustomer', id }, actor);
  }

  vipUrl(token: string): string {
    return `${this.o.publicUrl}/?vip=${encodeURIComponent(token)}`;
  }

  /** A link for one customer (optionally one VIP date), or with customerId null for a VIP date. */
  async issueVipLink(input: { customerId: number | null; vipDate: string | null; expiresHours: number }, actor: string) {
    if (input.vipDate) await this.requireVipDay(input.vipDate, input.customerId === null ? msg.cannotGenerateVipLink : msg.dayNotVip);
    let customer: VipCustomer | null = null;
    if (input.customerId !== null) {
      customer = (await this.o.bus.load(VIP_CUSTOMERS_STREAM, vipCustomersDecider)).state.customers.get(input.customerId) ?? null;
      if (!customer) notFound(msg.vipCustomerNotFound);
    }
    const token = newToken();
    const result = await this.write(VIP_LINKS_STREAM, vipLinksDecider, { type: 'IssueVipLink', token, customer, vipDate: input.vipDate, expiresHours: input.expiresHours, now: this.o.clock().now }, actor);
    const link = result.state.links.get(token)!;
    return { url: this.vipUrl(token), expires_at: link.expires_at, token };
  }

  async sendVipInvitations(input: { customerIds: number[]; subject: string; message: string; expiresHours: number; vipDate: string | null }, actor: string) {
    if (input.vipDate) await this.requireVipDay(input.vipDate, msg.dayNotVip);
    const customers = (await this.o.bus.load(VIP_CUSTOMERS_STREAM, vipCustomersDecider)).state.customers;
    const recipients = [...new Set(input.customerIds)].map((id) => {
      const customer = customers.get(id);
      if (!customer) throw new DomainError(msg.vipCustomerNotFound, 'not_found');
      return { invitation_id: randomUUID(), token: newToken(), customer };
    });
    const result = await this.write(VIP_LINKS_STREAM, vipLinksDecider, { type: 'SendVipInvitations', recipients, subject: input.subject, message: input.message, vipDate: input.vipDate, expiresHours: input.expiresHours, now: this.o.clock().now }, actor);
    const sent = result.events[0]!;
    if (sent.type !== 'VipInvitationsSent') throw new Error('unexpected event');
    return sent.data.recipients.map((r) => ({
      id: r.invitation_id,
      customer_id: r.vip_customer_id,
      email: r.email,
      name: r.name,
      url: this.vipUrl(r.token),
      expires_at: sent.data.expires_at,
    }));
  }

  // ---- bonus codes ---------------------------------------------------------------------------

  async createBonusCode(input: BonusCodeInput, actor: string) {
    const result = await this.write(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'CreateBonusCode', input, timeZone: this.o.clock().timeZone }, actor);
    return (result.events[0]!.data as { id: number }).id;
  }

  async updateBonusCode(id: number, input: BonusCodeInput, actor: string) {
    await this.write(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'UpdateBonusCode', id, input, timeZone: this.o.clock().timeZone }, actor);
  }

  async deleteBonusCode(id: number, actor: string) {
    await this.write(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'DeleteBonusCode', id }, actor);
  }

  /** POST /validate-bonus-code answers from the stream, so a code used up a moment ago says so. */
  async bonusCode(code: string) {
    return findByCode((await this.o.bus.load(BONUS_CODES_STREAM, bonusCodesDecider)).state, code);
  }

  // ---- push ------------------------------------------------------------------------------------

  async subscribePush(endpoint: string, keys: Record<string, string>) {
    const id = createHash('sha256').update(endpoint).digest('hex').slice(0, 32);
    await this.write(PUSH_STREAM, pushDecider, { type: 'Subscribe', subscription: { id, endpoint, keys, subscribed_at: this.o.clock().now.toISOString() } }, 'customer');
    return id;
  }
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether the day holds a booking placed with this key (rule: idempotent-booking). */
function holdsKey(day: KioskDayState, idempotencyKey: string | null): boolean {
  return idempotencyKey !== null && day.byIdempotencyKey.has(idempotencyKey);
}

/**
 * The bonus-code booking reference of a keyed booking: the same for every retry, so redeeming
 * counts once (rule: bonus-code-uses); scoped to the date like the key itself.
 */
function bookingRefForKey(date: string, idempotencyKey: string): string {
  return `idem:${date}:${idempotencyKey}`;
}

function bookingDate(bookingId: string): string {
  const date = dateOfBookingId(bookingId);
  if (!date) notFound(msg.bookingNotFound);
  return date!;
}

/** Order lines with the menu's names and prices; repeated pizzas merge, zero quantities drop. */
function linesFromMenu(items: BookingPayload['items'], pizzas: ReadonlyMap<number, { name: string; price_cents: number; active: boolean }>): BookingLine[] {
  const lines = new Map<number, BookingLine>();
  for (const item of items) {
    if (item.qty === 0) continue;
    const pizza = pizzas.get(item.pizza_id);
    if (!pizza || !pizza.active) reject(msg.unknownPizza);
    const line = lines.get(item.pizza_id);
    if (line) line.qty += item.qty;
    else lines.set(item.pizza_id, { pizza_id: item.pizza_id, pizza_name: pizza!.name, qty: item.qty, price_cents: pizza!.price_cents });
  }
  return [...lines.values()];
}
