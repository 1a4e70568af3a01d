// Small reads shared by the queries: settings in effect, VIP token resolution, public shapes.
import { defaultSettings, withLaterDefaults, type Settings } from '../../domain/settings/settings.js';
import { vipAccessFromLink } from '../../domain/vip/vipLinks.js';
import type { VipCustomer } from '../../domain/vip/vipCustomers.js';
import type { VipAccess } from '../../domain/kioskDay/schedule.js';
import type { DocumentStore } from '../documentStore.js';
import { COLLECTIONS, type SettingsDoc, type VipCustomerDoc, type VipLinkDoc } from '../shapes.js';

export async function getSettings(docs: DocumentStore): Promise<Settings> {
  const stored = (await docs.get<SettingsDoc>(COLLECTIONS.settings, 'current'))?.settings;
  return stored ? withLaterDefaults(stored) : defaultSettings();
}

/** Drops the projection bookkeeping (_pos) before a document leaves the server. */
export function publicDoc<T extends { id: string }>(doc: T): Omit<T, '_pos'> {
  const { _pos, ...rest } = doc as T & { _pos?: number };
  return rest;
}

/** Documents keyed by a number (pizzas, codes, VIP customers) go out with a numeric id. */
export function withNumericId<T extends { id: string }>(doc: T): Omit<T, '_pos' | 'id'> & { id: number } {
  return { ...(publicDoc(doc) as Omit<T, '_pos' | 'id'>), id: Number(doc.id) };
}

export function vipCustomerOf(doc: VipCustomerDoc): VipCustomer {
  return { id: Number(doc.id), email: doc.email, name: doc.name, phone: doc.phone, notes: doc.notes, active: doc.active === 1, created_at: doc.created_at };
}

export type VipResolution =
  | { access: VipAccess; customer: VipCustomer | null; error: null }
  | { access: null; customer: null; error: string | null };

/** What a vip token grants now; no token is no access and no error. */
export async function resolveVipToken(docs: DocumentStore, token: string | null | undefined, now: Date): Promise<VipResolution> {
  if (!token) return { access: null, customer: null, error: null };
  const link = await docs.get<VipLinkDoc>(COLLECTIONS.vipLinks, token);
  const customerDoc = link?.vip_customer_id != null ? await docs.get<VipCustomerDoc>(COLLECTIONS.vipCustomers, String(link.vip_customer_id)) : null;
  const result = vipAccessFromLink(link, customerDoc ? vipCustomerOf(customerDoc) : null, now);
  if ('problem' in result) return { access: null, customer: null, error: result.problem };
  return { access: result.access, customer: result.customer, error: null };
}

/** The VIP customer as the booking page shows it (SPEC 3: vip_customer). */
export function vipCustomerView(resolution: VipResolution) {
  if (!resolution.access) return null;
  const c = resolution.customer;
  return { id: c?.id ?? null, name: resolution.access.customerName, email: c?.email ?? null, vip_date: resolution.access.date };
}
