// The invitations sent: to whom, the subject, the VIP date, when sent and until when valid.
import { Instant } from '../../../components/Instant.js';
import { formatDateShort } from '../../../lib/format.js';
import type { VipInvitation } from '../api/vip.js';
import { vipTexts } from '../texts.js';

export function SentInvitations({ sent }: { sent: VipInvitation[] }) {
  return (
    <>
      <h2>{vipTexts.sentTitle}</h2>
      {sent.length === 0 ? (
        <p className="card">{vipTexts.noneSent}</p>
      ) : (
        <table className="bookings-table planning-table">
          <caption className="visually-hidden">{vipTexts.sentTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{vipTexts.customer}</th>
              <th scope="col">{vipTexts.subject}</th>
              <th scope="col">{vipTexts.vipDate}</th>
              <th scope="col">{vipTexts.sentAt}</th>
              <th scope="col">{vipTexts.validUntil}</th>
            </tr>
          </thead>
          <tbody>
            {sent.map((i) => (
              <tr key={i.id}>
                <td data-label={vipTexts.customer}>
                  <strong>{i.name}</strong>
                  <br />
                  <span className="muted">{i.email}</span>
                </td>
                <td data-label={vipTexts.subject}>{i.subject}</td>
                <td data-label={vipTexts.vipDate}>{i.vip_date ? formatDateShort(i.vip_date) : vipTexts.none}</td>
                <td data-label={vipTexts.sentAt}>
                  <Instant iso={i.sent_at} />
                </td>
                <td data-label={vipTexts.validUntil}>
                  <Instant iso={i.expires_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
