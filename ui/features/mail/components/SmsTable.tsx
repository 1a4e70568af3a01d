// The SMS notices beside the mails (rule: sms-delivery-reports), in the mail table's look: what it
// told, the booking, whether 46elks took it (with the tries), what the operator reported and when
// the phone got it. No number: the items hold none (it stays sealed in the log).
import { Instant } from '../../../components/Instant.js';
import { MailStatusBadge } from '../../../components/admin/MailStatusBadge.js';
import { MAIL_KIND_LABELS } from '../../../../domain/mail/mailLog.js';
import type { SmsEntry } from '../api/mails.js';
import { mailTexts } from '../texts.js';

const texts = mailTexts.sms;
/** The report in the badges' colours: delivered as a confirmed booking, failed as a cancelled one. */
const BADGE: Record<string, string> = { sent: 'pending', delivered: 'confirmed', failed: 'cancelled' };

export function SmsTable({ sms }: { sms: SmsEntry[] }) {
  const c = texts.columns;
  return (
    <table className="bookings-table mail-table sms-table">
      <caption className="visually-hidden">{texts.table}</caption>
      <thead>
        <tr>
          <th scope="col">{c.kind}</th>
          <th scope="col">{c.booking}</th>
          <th scope="col">{c.status}</th>
          <th scope="col">{c.delivery}</th>
          <th scope="col">{c.delivered}</th>
          <th scope="col">{c.error}</th>
        </tr>
      </thead>
      <tbody>
        {sms.map((item) => (
          <tr key={item.id} data-sms={item.id} data-status={item.status} data-delivery={item.delivery_status ?? ''}>
            <td data-label={c.kind} className="mail-table__kind">
              <strong>{MAIL_KIND_LABELS[item.kind]}</strong>
            </td>
            <td data-label={c.booking} className="mail-table__booking">
              {item.booking_id}
            </td>
            <td data-label={c.status} className="mail-table__status">
              <MailStatusBadge status={item.status} />
              <span className="mail-table__attempts muted">{mailTexts.attempts(item.attempts)}</span>
            </td>
            <td data-label={c.delivery} className="sms-table__delivery">
              {item.delivery_status ? (
                <span className={`badge badge--${BADGE[item.delivery_status]}`}>
                  {texts.delivery[item.delivery_status]}
                </span>
              ) : (
                <span className="muted">{texts.noReport}</span>
              )}
            </td>
            <td data-label={c.delivered} className="mail-table__sent">
              {item.delivered_at ? <Instant iso={item.delivered_at} /> : mailTexts.none_}
            </td>
            <td
              data-label={c.error}
              className={item.last_error ? 'mail-table__error' : 'mail-table__error mail-table__error--none'}
            >
              {item.last_error ?? mailTexts.none_}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
