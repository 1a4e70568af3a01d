// Menu, settings, bonus codes, VIP and push subscriptions: read models that mirror one stream's
// entities document for document.
import type { RecordedEvent } from '../domain/eventStore.js';
import type { MenuEvent } from '../domain/menu/menu.js';
import type { SettingsEvent } from '../domain/settings/settings.js';
import type { BonusCodeEvent } from '../domain/bonusCodes/bonusCodes.js';
import type { VipCustomerEvent } from '../domain/vip/vipCustomers.js';
import type { VipLinkEvent } from '../domain/vip/vipLinks.js';
import type { PushEvent } from '../domain/push/push.js';
import type { AdminEvent } from '../domain/admins/admins.js';
import type { ClosureEvent } from '../domain/closures/closures.js';
import type { AccountingPeriodEvent } from '../domain/accounting/periods.js';
import {
  COLLECTIONS,
  type AccountingPeriodDoc,
  type AdminSessionDoc,
  type ClosuresDoc,
  type BonusCodeDoc,
  type PizzaDoc,
  type PushSubscriptionDoc,
  type SettingsDoc,
  type VipCustomerDoc,
  type VipInvitationDoc,
  type VipLinkDoc,
} from '../read-models/shapes.js';
import type { Projection } from './projection.js';
import { CUSTOMER_ERASED, erasedData, scrub } from './erasure.js';
import { ERASED } from '../domain/customers/personalData.js';

const types = (...names: string[]) => new Set(names);
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export const menuProjection: Projection = {
  name: 'menu_v1',
  collections: [COLLECTIONS.pizzas],
  eventTypes: types('PizzaAdded', 'PizzaUpdated', 'PizzaRemoved'),
  apply(recorded, batch) {
    const event = recorded as unknown as MenuEvent & RecordedEvent;
    const id = String(event.data.id);
    if (event.type === 'PizzaRemoved') return batch.update<PizzaDoc>(COLLECTIONS.pizzas, id, recorded, () => null);
    if (event.type !== 'PizzaAdded' && event.type !== 'PizzaUpdated') return;
    const { name, description, price_cents, active, allergens, removable, allergen_kinds } = event.data;
    return batch.update<PizzaDoc>(COLLECTIONS.pizzas, id, recorded, () => ({
      id,
      name,
      description,
      price_cents,
      active: flag(active),
      allergens: allergens ?? null,
      removable: removable ?? [],
      // Rule allergen-kinds: the cereal or nut named; events from before name none.
      allergen_kinds: allergen_kinds ?? {},
    }));
  },
};

export const settingsProjection: Projection = {
  name: 'settings_v1',
  collections: [COLLECTIONS.settings],
  eventTypes: types('SettingsUpdated', 'SettingsReset'),
  apply(recorded, batch) {
    const event = recorded as unknown as SettingsEvent & RecordedEvent;
    return batch.update<SettingsDoc>(COLLECTIONS.settings, 'current', recorded, () => ({
      id: 'current',
      settings: event.data.settings,
    }));
  },
};

export const bonusCodesProjection: Projection = {
  name: 'bonus_codes_v1',
  collections: [COLLECTIONS.bonusCodes],
  eventTypes: types(
    'BonusCodeCreated',
    'BonusCodeUpdated',
    'BonusCodeDeleted',
    'BonusCodeRedeemed',
    'BonusCodeReleased',
  ),
  apply(recorded, batch) {
    const event = recorded as unknown as BonusCodeEvent & RecordedEvent;
    const id = String(event.data.id);
    switch (event.type) {
      case 'BonusCodeCreated':
      case 'BonusCodeUpdated': {
        const { code, description, discount_percentage, usage_limit, expires_at, is_active } = event.data;
        return batch.update<BonusCodeDoc>(COLLECTIONS.bonusCodes, id, recorded, (doc) => ({
          id,
          code,
          description,
          discount_percentage,
          usage_limit,
          expires_at,
          is_active: flag(is_active),
          used_count: doc?.used_count ?? 0,
        }));
      }
      case 'BonusCodeDeleted':
        return batch.update<BonusCodeDoc>(COLLECTIONS.bonusCodes, id, recorded, () => null);
      case 'BonusCodeRedeemed':
      case 'BonusCodeReleased': {
        const delta = event.type === 'BonusCodeRedeemed' ? 1 : -1;
        return batch.update<BonusCodeDoc>(COLLECTIONS.bonusCodes, id, recorded, (doc) =>
          doc ? { ...doc, used_count: doc.used_count + delta } : null,
        );
      }
    }
  },
};

export const vipProjection: Projection = {
  name: 'vip_v1',
  collections: [COLLECTIONS.vipCustomers, COLLECTIONS.vipLinks, COLLECTIONS.vipInvitations],
  indexes: [[COLLECTIONS.vipInvitations, 'sent_at']],
  eventTypes: types(
    'VipCustomerAdded',
    'VipCustomerUpdated',
    'VipCustomerRemoved',
    'VipCustomerUnsubscribed',
    'VipLinkIssued',
    'VipInvitationsSent',
    CUSTOMER_ERASED,
  ),
  async apply(recorded, batch) {
    if (recorded.type === CUSTOMER_ERASED) {
      const erased = erasedData(recorded);
      await scrub(batch, recorded, COLLECTIONS.vipCustomers, erased.vip_customer_ids, [
        'email',
        'name',
        'phone',
        'notes',
      ]);
      return scrub(batch, recorded, COLLECTIONS.vipInvitations, erased.invitation_ids, ['email', 'name']);
    }
    const event = recorded as unknown as (VipCustomerEvent | VipLinkEvent) & RecordedEvent;
    switch (event.type) {
      case 'VipCustomerAdded':
      case 'VipCustomerUpdated': {
        const id = String(event.data.id);
        const { email, name, phone, notes, active } = event.data;
        return batch.update<VipCustomerDoc>(COLLECTIONS.vipCustomers, id, recorded, (doc) => ({
          id,
          email,
          name,
          phone,
          notes,
          active: flag(active),
          created_at:
            'created_at' in event.data ? event.data.created_at : (doc?.created_at ?? recorded.metadata.timestamp),
          // Rule vip-unsubscribe: staff editing the entry never takes an unsubscription back.
          unsubscribed_at: doc?.unsubscribed_at ?? null,
        }));
      }
      case 'VipCustomerUnsubscribed':
        return batch.update<VipCustomerDoc>(COLLECTIONS.vipCustomers, String(event.data.id), recorded, (doc) =>
          doc ? { ...doc, unsubscribed_at: doc.unsubscribed_at ?? event.data.unsubscribed_at } : null,
        );
      case 'VipCustomerRemoved':
        return batch.update<VipCustomerDoc>(COLLECTIONS.vipCustomers, String(event.data.id), recorded, () => null);
      case 'VipLinkIssued': {
        const link = event.data;
        return batch.update<VipLinkDoc>(COLLECTIONS.vipLinks, link.token, recorded, () => ({
          id: link.token,
          ...link,
        }));
      }
      case 'VipInvitationsSent': {
        const { subject, message, vip_date, expires_at, sent_at } = event.data;
        for (const r of event.data.recipients) {
          await batch.update<VipLinkDoc>(COLLECTIONS.vipLinks, r.token, recorded, () => ({
            id: r.token,
            token: r.token,
            vip_customer_id: r.vip_customer_id,
            vip_date,
            expires_at,
            created_at: sent_at,
          }));
          await batch.update<VipInvitationDoc>(COLLECTIONS.vipInvitations, r.invitation_id, recorded, () => ({
            id: r.invitation_id,
            vip_customer_id: r.vip_customer_id,
            email: r.email,
            name: r.name,
            subject,
            message,
            token: r.token,
            vip_date,
            expires_at,
            sent_at,
          }));
        }
        return;
      }
    }
  },
};

export const pushProjection: Projection = {
  name: 'push_v1',
  collections: [COLLECTIONS.pushSubscriptions],
  eventTypes: types('PushSubscribed', 'PushSubscriptionLinked', 'PushSubscriptionDropped', CUSTOMER_ERASED),
  async apply(recorded, batch) {
    if (recorded.type === CUSTOMER_ERASED) {
      // The erased customer's subscriptions go whole: their endpoint is the customer's (rule: erasure).
      for (const id of erasedData(recorded).push_subscription_ids ?? [])
        if (await batch.get(COLLECTIONS.pushSubscriptions, id))
          await batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, id, recorded, () => null);
      return;
    }
    const event = recorded as unknown as PushEvent & RecordedEvent;
    switch (event.type) {
      case 'PushSubscribed': {
        const { id, endpoint, keys, subscribed_at, booking_id } = event.data;
        // An erased customer's subscription: nothing left to keep (domain/push/push.ts).
        if (endpoint === ERASED) return;
        return batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, id, recorded, () => ({
          id,
          endpoint,
          keys,
          subscribed_at,
          ...(booking_id ? { booking_ids: [booking_id] } : {}),
        }));
      }
      case 'PushSubscriptionLinked': {
        const { id, booking_id, endpoint, keys, linked_at } = event.data;
        // A later customer's own copy stands in for a first one that was erased.
        const own = endpoint && endpoint !== ERASED && keys && typeof keys === 'object' ? { endpoint, keys } : null;
        return batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, id, recorded, (current) =>
          current
            ? { ...current, booking_ids: [...new Set([...(current.booking_ids ?? []), booking_id])] }
            : own && { id, ...own, subscribed_at: linked_at, booking_ids: [booking_id] },
        );
      }
      case 'PushSubscriptionDropped':
        return batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, event.data.id, recorded, () => null);
    }
  },
};

/** Admin sessions not ended, so every API process checks a cookie against the same list. */
export const adminSessionsProjection: Projection = {
  name: 'admin_sessions_v1',
  collections: [COLLECTIONS.adminSessions],
  indexes: [[COLLECTIONS.adminSessions, 'expires_at']],
  eventTypes: types('AdminSessionStarted', 'AdminSessionEnded'),
  apply(recorded, batch) {
    const event = recorded as unknown as AdminEvent & RecordedEvent;
    if (event.type === 'AdminSessionStarted') {
      const { session_id, admin_id, started_at, expires_at } = event.data;
      return batch.update<AdminSessionDoc>(COLLECTIONS.adminSessions, session_id, recorded, () => ({
        id: session_id,
        admin_id,
        started_at,
        expires_at,
      }));
    }
    if (event.type === 'AdminSessionEnded')
      return batch.update<AdminSessionDoc>(COLLECTIONS.adminSessions, event.data.session_id, recorded, () => null);
  },
};

/** The closures in effect, as one document (rule: closures). */
export const closuresProjection: Projection = {
  name: 'closures_v1',
  collections: [COLLECTIONS.closures],
  eventTypes: types('ClosureAdded', 'ClosureRemoved'),
  apply(recorded, batch) {
    const event = recorded as unknown as ClosureEvent & RecordedEvent;
    return batch.update<ClosuresDoc>(COLLECTIONS.closures, 'all', recorded, (doc) => {
      const closures = (doc?.closures ?? []).filter((c) => c.id !== event.data.id);
      if (event.type === 'ClosureAdded') {
        const { id, from, to, reason, recurring } = event.data;
        closures.push({ id, from, to, reason, recurring });
      }
      return { id: 'all', closures };
    });
  },
};

/** The closed accounting periods, one document per month with its books as closed (rule: closed-periods). */
export const accountingPeriodsProjection: Projection = {
  name: 'accounting_periods_v1',
  collections: [COLLECTIONS.accountingPeriods],
  eventTypes: types('AccountingPeriodClosed'),
  apply(recorded, batch) {
    const event = recorded as unknown as AccountingPeriodEvent & RecordedEvent;
    return batch.update<AccountingPeriodDoc>(COLLECTIONS.accountingPeriods, event.data.period, recorded, () => ({
      id: event.data.period,
      ...event.data,
    }));
  },
};
