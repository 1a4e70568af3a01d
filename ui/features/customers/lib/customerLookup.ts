// What the one search field was typed as, and what an export holds, counted by kind.
import type { CustomerExport, CustomerLookup } from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';

/**
 * One field for all three: an address has an @, an order number is its date's eight digits, a dash
 * and a number (20261207-3), anything else is taken as a phone number (a phone order's customer).
 */
export const lookupOf = (typed: string): CustomerLookup =>
  typed.includes('@')
    ? { email: typed }
    : /^\s*\d{8}-\d+\s*$/.test(typed)
      ? { booking_id: typed.trim() }
      : { phone: typed };

/** What the export holds, kind by kind, each with its label. */
export const countsOf = (found: CustomerExport) =>
  [
    [texts.bookings, found.bookings.length],
    [texts.waitlist, found.waitlist.length],
    [texts.pushSubscriptions, found.push_subscriptions.length],
    [texts.vipCustomers, found.vip_customers.length],
    [texts.invitations, found.vip_invitations.length],
    [texts.mails, found.mails.length],
  ] as const;

/** Nothing held under the customer at all. */
export const isEmpty = (found: CustomerExport) => countsOf(found).every(([, n]) => n === 0);

/** Who the export is about: its e-mail, phone number or order number. */
export const whoOf = (found: CustomerExport) => found.email || found.phone || found.booking_id || '';
