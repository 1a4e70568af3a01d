// What the start's console says while the seller's required details are blank (rule: seller-first
// in domain/README.md): printed by api/main.ts on every start until they are filled in, beside the
// first start's admin password.
import { REQUIRED_SELLER_LABELS, type RequiredSellerField } from '../domain/settings/seller.js';
import type { Config } from './config.js';

export function sellerMissingNotice(
  missing: readonly RequiredSellerField[],
  config: Pick<Config, 'publicUrl'>,
): string {
  return (
    `\nSäljarens uppgifter saknas: ${missing.map((f) => REQUIRED_SELLER_LABELS[f]).join(', ')}.\n` +
    `Fill in the seller's details before taking orders (the law names the seller to every customer): ` +
    `${config.publicUrl}/admin/settings#seller-title\n` +
    'GET /api/ready lists the alert seller_missing until they are filled in.\n'
  );
}
