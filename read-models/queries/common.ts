// Small reads shared by the queries: settings in effect, VIP token resolution, public shapes.
import { sourceOf } from '../../domain/kioskDay/orderSource.js';
import { defaultSettings, withDefaults, type Settings } from '../../domain/settings/settings.js';
import { vipAccessFromLink } from '../../domain/vip/vipLinks.js';
import type { VipCustomer } from '../../domain/vip/vipCustomers.js';
import type { VipAccess } from '../../domain/kioskDay/schedule.js';
import type { DocumentStore } from '../documentStore.js';
import type { Closure } from '../../domain/closures/closures.js';
import {
  COLLECTIONS,
  type BookingDoc,
  type ClosuresDoc,
  type SettingsDoc,
  type VipCustomerDoc,
  type VipLinkDoc,
} from '../shapes.js';

// The settings in effect, one object per stored document: the read-model cache hands out the same
// stored object until a projection changes it, and the memoised availability answers are keyed by
// the settings object (read-models/queries/booking.ts). A new object per call made every poll of
// /test-availability compute and serialise its answer anew: the bench's availability rate fell to
// a third (7,221 against 23,234 req/s) until this kept one object per stored document.
const inEffect = new WeakMap<Settings, Settings>();
const DEFAULTS = { settings: null as Settings | null };

export async function getSettings(docs: DocumentStore): Promise<Settings> {
  return settingsInEffect(await docs.get<SettingsDoc>(COLLECTIONS.settings, 'current'));
}

/** The settings in effect from the stored document (getSettings without the read). */
export function settingsInEffect(doc: SettingsDoc | null): Settings {
  const stored = doc?.settings;
  if (!stored) return (DEFAULTS.settings ??= defaultSettings());
  let settings = inEffect.get(stored);
  if (!settings) inEffect.set(stored, (settings = withDefaults(stored)));
  return settings;
}

/** The closures in effect (rule: closures); the one document is cached like the settings. */
export async function getClosures(docs: DocumentStore): Promise<Closure[]> {
  return closuresInEffect(await docs.get<ClosuresDoc>(COLLECTIONS.closures, 'all'));
}

const NO_CLOSURES: Closure[] = [];

/** The closures from the stored document (getClosures without the read). */
export function closuresInEffect(doc: ClosuresDoc | null): Closure[] {
  return doc?.closures ?? NO_CLOSURES;
}

/** Drops the projection bookkeeping (_pos) before a document leaves the server. */
export function publicDoc<T extends { id: string }>(doc: T): Omit<T, '_pos'> {
  const { _pos, ...rest } = doc as T & { _pos?: number };
  return rest;
}

/** A booking as every answer shows it: kitchen_status null when the order has not reached the oven. */
export function bookingView(doc: BookingDoc) {
  // The Swish watches' index field is the server's, not the booking's.
  const { swish_open: _open, ...booking } = doc;
  return {
    ...publicDoc(booking),
    kitchen_status: doc.kitchen_status ?? null,
    source: sourceOf(doc),
    delayed_to: doc.delayed_to ?? null,
  };
}

/** Documents keyed by a number (pizzas, codes, VIP customers) go out with a numeric id. */
export function withNumericId<T extends { id: string }>(doc: T): Omit<T, '_pos' | 'id'> & { id: number } {
  return { ...(publicDoc(doc) as Omit<T, '_pos' | 'id'>), id: Number(doc.id) };
}

export function vipCustomerOf(doc: VipCustomerDoc): VipCustomer {
  return {
    id: Number(doc.id),
    email: doc.email,
    name: doc.name,
    phone: doc.phone,
    notes: doc.notes,
    active: doc.active === 1,
    created_at: doc.created_at,
  };
}

export type VipResolution =
  | { access: VipAccess; customer: VipCustomer | null; error: null }
  | { access: null; customer: null; error: string | null };

/** What a vip token grants now; no token is no access and no error. */
export async function resolveVipToken(
  docs: DocumentStore,
  token: string | null | undefined,
  now: Date,
): Promise<VipResolution> {
  if (!token) return { access: null, customer: null, error: null };
  const link = await docs.get<VipLinkDoc>(COLLECTIONS.vipLinks, token);
  const customerDoc =
    link?.vip_customer_id != null
      ? await docs.get<VipCustomerDoc>(COLLECTIONS.vipCustomers, String(link.vip_customer_id))
      : null;
  const result = vipAccessFromLink(link, customerDoc ? vipCustomerOf(customerDoc) : null, now);
  if ('problem' in result) return { access: null, customer: null, error: result.problem };
  return { access: result.access, customer: result.customer, error: null };
}

/** The VIP customer as the booking page shows it (SPEC 3: vip_customer). */
export function vipCustomerView(resolution: VipResolution) {
  if (!resolution.access) return null;
  const c = resolution.customer;
  return {
    id: c?.id ?? null,
    name: resolution.access.customerName,
    email: c?.email ?? null,
    vip_date: resolution.access.date,
  };
}
