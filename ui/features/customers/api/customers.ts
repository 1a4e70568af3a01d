// GET /admin/customers/export and POST /admin/customers/erase (not in SPEC): everything held about
// one customer, and erasing it; checked with the server's own query schema so its message shows at
// the field.
import { api } from '../../../lib/api.js';
import { customerQuerySchema } from '../../../../domain/payloads.js';
import type { CustomerErasure, CustomerExport } from '../../../../domain/answers/index.js';

export { customerQuerySchema };
export type { CustomerErasure, CustomerExport };

/** A customer by e-mail, or one known only by phone (a phone order without e-mail). */
export type CustomerLookup = { email: string } | { phone: string };

export const exportCustomer = (customer: CustomerLookup) =>
  api<CustomerExport>(`/admin/customers/export?${new URLSearchParams(customer)}`);

/** Cannot be undone: name, e-mail, phone and comment become "[raderad]" wherever they are held. */
export const eraseCustomer = (customer: CustomerLookup) =>
  api<CustomerErasure>('/admin/customers/erase', { method: 'POST', body: customer });
