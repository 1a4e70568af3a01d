// GET /admin/customers/export (not in SPEC): everything held about one customer, checked with the
// server's own query schema so its message shows at the field.
import { api } from '../../../lib/api.js';
import { customerQuerySchema } from '../../../../domain/payloads.js';
import type { CustomerExport } from '../../../../domain/answers/index.js';

export { customerQuerySchema };
export type { CustomerExport };

export const exportCustomer = (email: string) => api<CustomerExport>(`/admin/customers/export?${new URLSearchParams({ email })}`);
