// GET /admin/customers/export and POST /admin/customers/erase (not in SPEC): everything held about
// one customer, and erasing it; checked with the server's own query schema so its message shows at
// the field.
import { api } from '../../../lib/api.js';
import { customerOrdersQuerySchema, customerQuerySchema } from '../../../../domain/payloads.js';
import type { CustomerErasure, CustomerExport, NamedOrders } from '../../../../domain/answers/index.js';

export { customerOrdersQuerySchema, customerQuerySchema };
export type { CustomerErasure, CustomerExport, NamedOrders };

/**
 * A customer by e-mail, one known only by phone (a phone order without e-mail), or by order
 * number (a counter or phone order with only a name).
 */
export type CustomerLookup = { email: string } | { phone: string } | { booking_id: string };

/** GET /admin/customers/orders: a date's orders whose name holds the text (issue 45). */
export const findOrdersByName = (name: string, date: string) =>
  api<NamedOrders>(`/admin/customers/orders?${new URLSearchParams({ name, date })}`);

export const exportCustomer = (customer: CustomerLookup) =>
  api<CustomerExport>(`/admin/customers/export?${new URLSearchParams(customer)}`);

/** Cannot be undone: name, e-mail, phone and comment become "[raderad]" wherever they are held. */
export const eraseCustomer = (customer: CustomerLookup) =>
  api<CustomerErasure>('/admin/customers/erase', { method: 'POST', body: customer });
