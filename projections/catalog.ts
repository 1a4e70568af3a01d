// Menu, settings, bonus codes, VIP and push subscriptions: read models that mirror one stream's
// entities document for document.
import { menuEvents } from '../domain/menu/menu.js';
import { settingsEvents } from '../domain/settings/settings.js';
import { bonusCodeEvents } from '../domain/bonusCodes/bonusCodes.js';
import { vipCustomerEvents } from '../domain/vip/vipCustomers.js';
import { vipLinkEvents } from '../domain/vip/vipLinks.js';
import { pushEvents } from '../domain/push/push.js';
import { adminEvents } from '../domain/admins/admins.js';
import { closureEvents } from '../domain/closures/closures.js';
import { accountingPeriodEvents } from '../domain/accounting/periods.js';
import { customerEvents } from '../domain/customers/erasure.js';
import { assertNever } from '../domain/shared/decider.js';
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
import { projection } from './projection.js';
import { scrub } from './erasure.js';
import { ERASED } from '../domain/customers/personalData.js';

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export const menuProjection = projection({
  name: 'menu_v1',
  collections: [COLLECTIONS.pizzas],
  events: menuEvents.types,
  // Extras have no read model: orders are priced from the menu stream itself (api/services/menu.ts).
  ignores: ['ExtraAdded', 'ExtraUpdated', 'ExtraRemoved'],
  apply(event, batch) {
    const id = String(event.data.id);
    if (event.type === 'PizzaRemoved') return batch.update<PizzaDoc>(COLLECTIONS.pizzas, id, event, () => null);
    const { name, description, price_cents, active, allergens, removable, allergen_kinds } = event.data;
    return batch.update<PizzaDoc>(COLLECTIONS.pizzas, id, event, () => ({
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
});

export const settingsProjection = projection({
  name: 'settings_v1',
  collections: [COLLECTIONS.settings],
  events: settingsEvents.types,
  // Both events carry the whole settings.
  apply(event, batch) {
    return batch.update<SettingsDoc>(COLLECTIONS.settings, 'current', event, () => ({
      id: 'current',
      settings: event.data.settings,
    }));
  },
});

export const bonusCodesProjection = projection({
  name: 'bonus_codes_v1',
  collections: [COLLECTIONS.bonusCodes],
  events: bonusCodeEvents.types,
  // The settlement of a use already counted (rule: bonus-code-settlement): counts nothing more.
  ignores: ['BonusCodeUseRenewed', 'BonusCodeUseKept'],
  apply(event, batch) {
    const id = String(event.data.id);
    switch (event.type) {
      case 'BonusCodeCreated':
      case 'BonusCodeUpdated': {
        const { code, description, discount_percentage, usage_limit, expires_at, is_active } = event.data;
        return batch.update<BonusCodeDoc>(COLLECTIONS.bonusCodes, id, event, (doc) => ({
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
        return batch.update<BonusCodeDoc>(COLLECTIONS.bonusCodes, id, event, () => null);
      case 'BonusCodeRedeemed':
      case 'BonusCodeReleased': {
        const delta = event.type === 'BonusCodeRedeemed' ? 1 : -1;
        return batch.update<BonusCodeDoc>(COLLECTIONS.bonusCodes, id, event, (doc) =>
          doc ? { ...doc, used_count: doc.used_count + delta } : null,
        );
      }
      default:
        return assertNever(event);
    }
  },
});

export const vipProjection = projection({
  name: 'vip_v1',
  collections: [COLLECTIONS.vipCustomers, COLLECTIONS.vipLinks, COLLECTIONS.vipInvitations],
  indexes: [[COLLECTIONS.vipInvitations, 'sent_at']],
  events: [...vipCustomerEvents.types, ...vipLinkEvents.types, ...customerEvents.types],
  async apply(event, batch) {
    switch (event.type) {
      case 'CustomerErased': {
        const erased = event.data;
        await scrub(batch, event, COLLECTIONS.vipCustomers, erased.vip_customer_ids, [
          'email',
          'name',
          'phone',
          'notes',
        ]);
        return scrub(batch, event, COLLECTIONS.vipInvitations, erased.invitation_ids, ['email', 'name']);
      }
      case 'VipCustomerAdded':
      case 'VipCustomerUpdated': {
        const id = String(event.data.id);
        const { email, name, phone, notes, active } = event.data;
        return batch.update<VipCustomerDoc>(COLLECTIONS.vipCustomers, id, event, (doc) => ({
          id,
          email,
          name,
          phone,
          notes,
          active: flag(active),
          created_at:
            'created_at' in event.data ? event.data.created_at : (doc?.created_at ?? event.metadata.timestamp),
          // Rule vip-unsubscribe: staff editing the entry never takes an unsubscription back.
          unsubscribed_at: doc?.unsubscribed_at ?? null,
        }));
      }
      case 'VipCustomerUnsubscribed':
        return batch.update<VipCustomerDoc>(COLLECTIONS.vipCustomers, String(event.data.id), event, (doc) =>
          doc ? { ...doc, unsubscribed_at: doc.unsubscribed_at ?? event.data.unsubscribed_at } : null,
        );
      case 'VipCustomerRemoved':
        return batch.update<VipCustomerDoc>(COLLECTIONS.vipCustomers, String(event.data.id), event, () => null);
      case 'VipLinkIssued': {
        const link = event.data;
        return batch.update<VipLinkDoc>(COLLECTIONS.vipLinks, link.token, event, () => ({
          id: link.token,
          ...link,
        }));
      }
      case 'VipInvitationsSent': {
        const { subject, message, vip_date, expires_at, sent_at } = event.data;
        for (const r of event.data.recipients) {
          await batch.update<VipLinkDoc>(COLLECTIONS.vipLinks, r.token, event, () => ({
            id: r.token,
            token: r.token,
            vip_customer_id: r.vip_customer_id,
            vip_date,
            expires_at,
            created_at: sent_at,
          }));
          await batch.update<VipInvitationDoc>(COLLECTIONS.vipInvitations, r.invitation_id, event, () => ({
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
      default:
        return assertNever(event);
    }
  },
});

export const pushProjection = projection({
  name: 'push_v1',
  collections: [COLLECTIONS.pushSubscriptions],
  events: [...pushEvents.types, ...customerEvents.types],
  async apply(event, batch) {
    switch (event.type) {
      case 'CustomerErased':
        // The erased customer's subscriptions go whole: their endpoint is the customer's (rule: erasure).
        for (const id of event.data.push_subscription_ids ?? [])
          if (await batch.get(COLLECTIONS.pushSubscriptions, id))
            await batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, id, event, () => null);
        return;
      case 'PushSubscribed': {
        const { id, endpoint, keys, subscribed_at, booking_id } = event.data;
        // An erased customer's subscription: nothing left to keep (domain/push/push.ts).
        if (endpoint === ERASED) return;
        return batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, id, event, () => ({
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
        return batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, id, event, (current) =>
          current
            ? { ...current, booking_ids: [...new Set([...(current.booking_ids ?? []), booking_id])] }
            : own && { id, ...own, subscribed_at: linked_at, booking_ids: [booking_id] },
        );
      }
      case 'PushSubscriptionDropped':
        return batch.update<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions, event.data.id, event, () => null);
      default:
        return assertNever(event);
    }
  },
});

/** Admin sessions not ended, so every API process checks a cookie against the same list. */
export const adminSessionsProjection = projection({
  name: 'admin_sessions_v1',
  collections: [COLLECTIONS.adminSessions],
  indexes: [[COLLECTIONS.adminSessions, 'expires_at']],
  events: adminEvents.types,
  // The accounts are read from the admins stream itself (api/services/admins.ts); a change that
  // ends sessions records their AdminSessionEnded.
  ignores: ['AdminCreated', 'AdminPasswordChanged', 'AdminPasswordReset', 'AdminRoleChanged', 'AdminRemoved'],
  apply(event, batch) {
    switch (event.type) {
      case 'AdminSessionStarted': {
        const { session_id, admin_id, started_at, expires_at } = event.data;
        return batch.update<AdminSessionDoc>(COLLECTIONS.adminSessions, session_id, event, () => ({
          id: session_id,
          admin_id,
          started_at,
          expires_at,
        }));
      }
      case 'AdminSessionEnded':
        return batch.update<AdminSessionDoc>(COLLECTIONS.adminSessions, event.data.session_id, event, () => null);
      default:
        return assertNever(event);
    }
  },
});

/** The closures in effect, as one document (rule: closures). */
export const closuresProjection = projection({
  name: 'closures_v1',
  collections: [COLLECTIONS.closures],
  events: closureEvents.types,
  apply(event, batch) {
    return batch.update<ClosuresDoc>(COLLECTIONS.closures, 'all', event, (doc) => {
      const closures = (doc?.closures ?? []).filter((c) => c.id !== event.data.id);
      if (event.type === 'ClosureAdded') {
        const { id, from, to, reason, recurring } = event.data;
        closures.push({ id, from, to, reason, recurring });
      }
      return { id: 'all', closures };
    });
  },
});

/** The closed accounting periods, one document per month with its books as closed (rule: closed-periods). */
export const accountingPeriodsProjection = projection({
  name: 'accounting_periods_v1',
  collections: [COLLECTIONS.accountingPeriods],
  events: accountingPeriodEvents.types,
  apply(event, batch) {
    return batch.update<AccountingPeriodDoc>(COLLECTIONS.accountingPeriods, event.data.period, event, () => ({
      id: event.data.period,
      ...event.data,
    }));
  },
});
