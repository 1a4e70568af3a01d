// The order confirmation as the record of the sale (rule: sale-record): the seller, each line with
// its price, the total inkl. moms and the VAT in it per rate, pick-up time and place, how it is
// paid (at pick-up, or in advance with Swish), and that the right of withdrawal does not apply
// (domain/accounting/saleRecord.ts).
import { useKiosk } from '../../lib/kiosk.js';
import { usePageContext } from 'vike-react/usePageContext';
import { AmountRow, ItemsTable } from '../ItemsTable.js';
import { formatDateLong, formatKrOre } from '../../lib/format.js';
import type { ConfirmationSummary } from '../order/confirmationSummary.js';
import { confirmationTexts } from '../order/confirmationTexts.js';
import { sellerTexts } from './sellerTexts.js';

export function SaleRecord({ summary: s }: { summary: ConfirmationSummary }) {
  const kiosk = useKiosk();
  const seller = usePageContext().seller;
  const place = seller?.address ? sellerTexts.atAddress(seller.address) : sellerTexts.inKiosk;
  const numbers = [
    seller?.org_number && sellerTexts.orgNumber(seller.org_number),
    seller?.vat_number && sellerTexts.vatNumber(seller.vat_number),
  ].filter(Boolean);
  return (
    <section className="sale-record" aria-labelledby="sale-record-title">
      <h3 id="sale-record-title">{sellerTexts.recordTitle}</h3>
      <address className="sale-record__seller">
        {sellerTexts.seller}: <strong>{seller?.legal_name || kiosk.name}</strong>
        {numbers.length > 0 && (
          <>
            <br />
            {numbers.join(' · ')}
          </>
        )}
        {seller?.address && (
          <>
            <br />
            {seller.address}
          </>
        )}
      </address>
      <ItemsTable lines={s.lines} caption={sellerTexts.lines}>
        <AmountRow label={confirmationTexts.originalPrice} cents={s.originalCost} />
        <AmountRow
          label={confirmationTexts.discount}
          cents={s.discount}
          kind={s.discount > 0 ? 'discount' : undefined}
        />
        <AmountRow label={sellerTexts.totalInclVat} cents={s.totalCost} kind="total" />
        {s.vat?.map((line) => (
          <tr key={line.rate} className="sale-record__vat">
            <th scope="row" colSpan={2}>
              {sellerTexts.vatOf(line.rate)}
            </th>
            <td className="num">{formatKrOre(line.vat_cents)}</td>
          </tr>
        ))}
      </ItemsTable>
      {!s.vat && <p className="sale-record__terms">{sellerTexts.vatLater}</p>}
      <dl className="details">
        <dt>{s.dine_in ? sellerTexts.servedAt : sellerTexts.pickup}</dt>
        <dd>
          {sellerTexts.pickupWhen(formatDateLong(s.date), s.time)}, {place}
        </dd>
        <dt>{sellerTexts.payment}</dt>
        <dd>{sellerTexts.paymentText(s.payment ? { status: 'requested' } : null)}</dd>
      </dl>
      <p className="sale-record__terms">{sellerTexts.withdrawal}</p>
    </section>
  );
}
